"""ctxsentry's benchmark (MIT, EivinDDu): the files of a repository that a coding agent reads
(READMEs, CLAUDE.md, issues, stylesheets, MCP configs), each labelled malicious or benign by
the benchmark. The package ships them in its source archive only, not in its wheel. Read as
data: nothing is imported or run."""

from __future__ import annotations

import json
import tarfile
from pathlib import Path

from pinned_wheels import open_source

PIN = (
    "0.5.0",
    "ctxsentry-0.5.0.tar.gz",
    "52d5db60dcf6fced696bd5a287be9de25b3d002c031fda6e0729d61f9e91d56b",
)
CTXSENTRY_LICENCE = "MIT (ctxsentry, EivinDDu)"
ROOT = "ctxsentry-0.5.0/benchmark/"


def open_ctxsentry(folder: Path) -> tarfile.TarFile:
    """The pinned source archive, downloaded into `folder` when missing."""
    return open_source(folder, "ctxsentry", PIN)


def ctxsentry_cases(archive: tarfile.TarFile) -> list[tuple[str, str, str]]:
    """The cases as `(label, path, text)` in the benchmark's own order (`cases.jsonl`);
    `path` is the file's path under the benchmark's folder, `ROOT`."""
    cases = []
    listing = archive.extractfile(ROOT + "cases.jsonl")
    for line in listing.read().decode("utf-8").splitlines() if listing else []:
        if not line.strip():
            continue
        case = json.loads(line)
        file = archive.extractfile(ROOT + case["path"])
        if file:
            cases.append((case["label"], case["path"], file.read().decode("utf-8")))
    return cases
