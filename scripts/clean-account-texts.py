#!/usr/bin/env python3
"""Build the clean set of help and account texts that the injection detector must leave alone
(crates/injection/tests/clean.rs; docs/injection-corpus.md, "Honest help and account texts").

    scripts/clean-account-texts.py OUT_DIR

Downloads two pinned wheels from PyPI with `pip download --no-deps` (django-allauth, MIT;
Django, BSD-3-Clause), checks their sha256, and reads the message catalogues (`.po` files)
straight out of the zip files: every message of allauth's account, e-mail, MFA and social
login pages and of Django's `auth` and `admin` apps ("Forgotten your password?", "Please
contact us if you have any trouble resetting your password", "We have sent you an e-mail …",
"Never share your recovery codes"…), in English and in the seven other languages of the
detector's grammars (de, fr, es, pt, ru, ja, zh). Nothing is imported or run.

Writes OUT_DIR/clean.jsonl, one text a line:

    {"source": "django-allauth", "lang": "de", "origin": "allauth/locale/de/LC_MESSAGES/django.po", "text": "..."}

A text is what a page shows: placeholders (`%(email)s`, `{{ site_name }}`, `%s`) are filled
with a neutral word, HTML tags dropped, whitespace collapsed; texts of fewer than two words
are left out (a lone "Password" says nothing to a detector), repeats within a language too.

The texts are third-party data under their licences, generated at test time (`.ci/run`) and
never committed. Deterministic: the same wheels give the same file, byte for byte.
"""

from __future__ import annotations

import json
import re
import sys
import zipfile
from pathlib import Path

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

# The detector's languages, as the catalogues name them.
LOCALES = {"de": "de", "fr": "fr", "es": "es", "pt_BR": "pt", "ru": "ru", "ja": "ja", "zh_Hans": "zh"}

CATALOGUES = {
    "django-allauth": re.compile(r"^allauth/locale/([^/]+)/LC_MESSAGES/django\.po$"),
    "django": re.compile(r"^django/contrib/(?:auth|admin)/locale/([^/]+)/LC_MESSAGES/django\.po$"),
}

PLACEHOLDER = re.compile(r"%\([^)]*\)[sd]|%[sd]|\{\{[^}]*\}\}|\{%[^%]*%\}|\{[\w.]*\}")
TAG = re.compile(r"<[^>]{0,200}>")


def download(out: Path) -> dict[str, zipfile.ZipFile]:
    pins = {name: (version, filename, digest) for name, (version, filename, digest, _) in WHEELS.items()}
    return open_wheels(out / "wheels", pins)


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
    wheels = download(out)
    rows = []
    seen: set[tuple[str, str]] = set()

    def add(source: str, lang: str, origin: str, text: str) -> None:
        text = shown(text)
        if len(text.split()) < 2 and lang not in ("ja", "zh"):
            return
        if len(text) < 4 or (lang, text) in seen:
            return
        seen.add((lang, text))
        rows.append({"source": source, "lang": lang, "origin": origin,
                     "licence": WHEELS[source][3], "text": text})

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
    path = out / "clean.jsonl"
    with path.open("w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["lang"]] = counts.get(row["lang"], 0) + 1
    print(", ".join(f"{lang} {n}" for lang, n in sorted(counts.items())))
    print(f"{len(rows)} texts in {path}")


if __name__ == "__main__":
    main()
