#!/usr/bin/env python3
"""Plant the public prompt-injection payloads into real page snapshots, as the text of the
nodes pages carry them in, for measuring how the goal digest and the proxy mark them
(docs/injection-corpus.md, "Planted in pages"; benches/src/bin/injection_quality.rs).

    scripts/plant-injections.py PAYLOADS_JSONL CORPUS_DIR OUT_DIR

PAYLOADS_JSONL is what scripts/injection-corpus.py writes (target/injection-corpus/payloads.jsonl);
CORPUS_DIR is the shared corpus (its readability/, val2/pages/ and val3/pages/ snapshots: 239
real pages, the empty one left out). Writes OUT_DIR/planted.jsonl, one planted node a line:

    {"id": "review-0412", "kind": "review", "held_out": bool, "family": "garak", "lang": "en",
     "source": ..., "group": ...,
     "page": "val3/pages/adac-de.ai.yaml", "line": 812, "insert": "...", "ref": "e9001",
     "chars": 1532}

The planted snapshot is the page's lines with `insert` put before line `line` (0-based): a
sibling of a node of the same kind where the page has one, written exactly as Playwright's
AI-mode snapshot writes it (whitespace collapsed; names as JSON strings; keys and values quoted
only where Playwright quotes them). `ref` is a ref the page does not use, on the node that
carries the payload.

Every payload is planted once per kind, in its own language (`lang`: English but for spikee's
Zulu, Albanian, Irish and Scottish Gaelic): paragraph, list item, table
cell, link name, image name, button name, a comment in a forum thread and a product review.
A name carries the whole payload, as chrome-devtools-mcp shows it. Playwright drops a name of
more than 900 chars and shows nothing instead (checked in Chromium: a long link, button, image
or cell name leaves the node without its text), so the kinds `cell-900`, `link-900`, `img-900`
and `button-900` plant the name kinds again with at most 900 chars of the payload, cut at a
word: a long attack cut short, which says less than an attack written to fit.

Deterministic: the page and the place in it are chosen by sha256 of the kind and the payload's
position, so the same inputs give the same file, byte for byte.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

KINDS = ["paragraph", "listitem", "cell", "link", "img", "button", "comment", "review"]
# The name kinds once more, each name cut as Playwright would show it (below).
CUT_KINDS = ["cell-900", "link-900", "img-900", "button-900"]
# Playwright's limit on a written name (YAML's 1024-char key limit, less the key's rest).
NAME_LIMIT = 900
FOLDERS = ["readability", "val2/pages", "val3/pages"]
LINE = re.compile(r"^( *)- (.*)$")
REF = re.compile(r"\[ref=(?:f\d+)?e(\d+)\]")
NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^0[xX][0-9a-fA-F]+$|^0[oO][0-7]+$|^0[bB][01]+$")
WORDS = {"y", "n", "yes", "no", "true", "false", "on", "off", "null"}


def needs_quotes(s: str) -> bool:
    """Playwright's yamlStringNeedsQuotes."""
    if not s or s != s.strip():
        return True
    if re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\n\r]", s):
        return True
    if s[0] in "-[&*],?!>|@\"'#%":
        return True
    if re.search(r":(\s|$)|\s#|[{}`]", s):
        return True
    if NUMBER.match(s.strip()) or s.strip() == "" or s.lower() in WORDS:
        return True
    return False


def quote_value(s: str) -> str:
    if not needs_quotes(s):
        return s
    out = []
    for c in s:
        code = ord(c)
        if c == "\\":
            out.append("\\\\")
        elif c == '"':
            out.append('\\"')
        elif c == "\b":
            out.append("\\b")
        elif c == "\f":
            out.append("\\f")
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif code < 0x20 or 0x7F <= code <= 0x9F:
            out.append("\\x%02x" % code)
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def key(role: str, name: str | None, attrs: str) -> str:
    k = role
    if name:
        k += " " + json.dumps(name, ensure_ascii=False)
    k += attrs
    if needs_quotes(k):
        return "'" + k.replace("'", "''") + "'"
    return k


def line(depth: int, role: str, name: str | None, attrs: str, text: str | None = None, block: bool = False) -> str:
    out = "  " * depth + "- " + key(role, name, attrs)
    if text is not None:
        out += ": " + quote_value(text)
    elif block:
        out += ":"
    return out + "\n"


def collapse(text: str) -> str:
    return " ".join(text.split())


def cut_name(text: str) -> str:
    if len(text) <= NAME_LIMIT:
        return text
    cut = text[: NAME_LIMIT + 1]
    at = cut.rfind(" ")
    return cut[:at] if at > 0 else text[:NAME_LIMIT]


def choose(kind: str, n: int, count: int) -> int:
    digest = hashlib.sha256(f"{kind}:{n}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


class Page:
    def __init__(self, rel: str, text: str):
        self.rel = rel
        self.lines = text.split("\n")
        refs = [int(m.group(1)) for m in REF.finditer(text)]
        self.next_ref = (max(refs) if refs else 0) + 1
        self.parsed = []
        for i, raw in enumerate(self.lines):
            m = LINE.match(raw)
            if not m:
                self.parsed.append(None)
                continue
            depth = len(m.group(1)) // 2
            rest = m.group(2)
            role = re.split(r"[ :\"']", rest.lstrip("'"), maxsplit=1)[0]
            self.parsed.append((depth, role))

    def subtree_end(self, i: int) -> int:
        depth = self.parsed[i][0]
        j = i + 1
        while j < len(self.lines):
            p = self.parsed[j]
            if p is not None and p[0] <= depth:
                break
            j += 1
        return j

    def anchors(self, roles: tuple[str, ...]) -> list[int]:
        return [i for i, p in enumerate(self.parsed) if p is not None and p[1] in roles]


def plant(page: Page, kind: str, text: str, pick: int) -> tuple[int, str, str, int]:
    """Where and what to insert into `page`: (line, insert, ref, chars)."""
    kind, cut, _ = kind.partition("-900")
    ref = f"e{page.next_ref + 1000}"
    attrs = f" [ref={ref}]"
    anchor_roles = {
        "paragraph": ("paragraph",),
        "listitem": ("listitem",),
        "cell": ("cell",),
        "link": ("link",),
        "img": ("img",),
        "button": ("button",),
        "comment": ("paragraph", "listitem", "article"),
        "review": ("paragraph", "listitem", "article"),
    }[kind]
    anchors = page.anchors(anchor_roles) or page.anchors(("paragraph", "generic", "link", "heading"))
    if anchors:
        i = anchors[pick % len(anchors)]
        (depth, anchor_role), at = page.parsed[i], page.subtree_end(i)
    else:
        depth, anchor_role, at = 0, None, len(page.lines)
    name = cut_name(text) if cut else text
    if kind == "paragraph":
        insert, chars = line(depth, "paragraph", None, attrs, text), len(text)
    elif kind == "listitem":
        insert, chars = line(depth, "listitem", None, attrs, text), len(text)
    elif kind == "cell":
        if anchor_role == "cell":
            insert = line(depth, "cell", name, attrs)
        else:
            insert = (
                line(depth, "table", None, "", block=True)
                + line(depth + 1, "row", None, "", block=True)
                + line(depth + 2, "cell", name, attrs)
            )
        chars = len(name)
    elif kind == "link":
        insert = line(depth, "link", name, attrs + " [cursor=pointer]", block=True)
        insert += "  " * (depth + 1) + "- /url: /community/posts/8812\n"
        chars = len(name)
    elif kind == "img":
        insert, chars = line(depth, "img", name, attrs), len(name)
    elif kind == "button":
        insert, chars = line(depth, "button", name, attrs + " [cursor=pointer]"), len(name)
    elif kind == "comment":
        other = page.next_ref + 1001
        insert = (
            line(depth, "article", None, f" [ref=e{other}]", block=True)
            + line(depth + 1, "link", "quietfox_77", f" [ref=e{other + 1}] [cursor=pointer]", block=True)
            + "  " * (depth + 2) + "- /url: /members/quietfox_77\n"
            + line(depth + 1, "generic", None, "", "posted 3 hours ago")
            + line(depth + 1, "paragraph", None, attrs, text)
            + line(depth + 1, "button", "Reply", f" [ref=e{other + 2}] [cursor=pointer]")
        )
        chars = len(text)
    elif kind == "review":
        other = page.next_ref + 1001
        insert = (
            line(depth, "article", None, f" [ref=e{other}]", block=True)
            + line(depth + 1, "img", "4 out of 5 stars", f" [ref=e{other + 1}]")
            + line(depth + 1, "heading", "Does the job", " [level=4]")
            + line(depth + 1, "generic", None, "", "Verified purchase")
            + line(depth + 1, "paragraph", None, attrs, text)
            + line(depth + 1, "button", "Helpful", f" [ref=e{other + 2}] [cursor=pointer]")
        )
        chars = len(text)
    else:
        raise ValueError(kind)
    return at, insert, ref, chars


def main() -> None:
    if len(sys.argv) != 4:
        sys.exit("usage: scripts/plant-injections.py PAYLOADS_JSONL CORPUS_DIR OUT_DIR")
    payloads_path, corpus, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    if not payloads_path.is_file():
        sys.exit(f"{payloads_path} is missing; run scripts/injection-corpus.py first")
    payloads = [json.loads(l) for l in payloads_path.read_text(encoding="utf-8").split("\n") if l]
    pages = []
    for folder in FOLDERS:
        d = corpus / folder
        if not d.is_dir():
            sys.exit(f"{d} is missing; give the shared corpus folder (MCP_LEAN_CORPUS)")
        for f in sorted(d.glob("*.ai.yaml")):
            text = f.read_text(encoding="utf-8")
            if text.strip():
                pages.append(Page(f"{folder}/{f.name}", text))
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for kind in KINDS + CUT_KINDS:
        for n, payload in enumerate(payloads):
            text = collapse(payload["text"])
            page = pages[choose(kind, n, len(pages))]
            at, insert, ref, chars = plant(page, kind, text, choose(kind + ":place", n, 1 << 30))
            rows.append({
                "id": f"{kind}-{n:04d}",
                "kind": kind,
                "held_out": payload["held_out"],
                "family": payload["family"],
                "lang": payload["lang"],
                "source": payload["source"],
                "group": payload["group"],
                "page": page.rel,
                "line": at,
                "insert": insert,
                "ref": ref,
                "chars": chars,
            })
    path = out / "planted.jsonl"
    with path.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    kinds = len(KINDS) + len(CUT_KINDS)
    print(f"{len(rows)} planted nodes ({len(payloads)} payloads x {kinds} kinds) on {len(pages)} pages in {path}")


if __name__ == "__main__":
    main()
