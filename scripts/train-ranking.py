#!/usr/bin/env python3
"""Learns the goal digest's ranking from the goal sets, and says how well it ranks pages it
never saw.

Input: the table `rank_features` writes (one line per candidate of every goal's page, with
the features the digest computes and whether the candidate is a target):

    MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches \
        --bin rank_features -- --out target/rank-features.tsv
    python3 scripts/train-ranking.py target/rank-features.tsv \
        --table crates/snapshot-digest/src/digest/rank/ranking.tsv --folds target/ranking-folds

The model is a logistic regression (L2, Newton's method: deterministic, no random start)
over the features, standardized, each goal weighing the same (its targets share one half,
its other candidates the other half), so that a page of 7,000 candidates counts as much as
one of 70. It is trained on the real pages of dev, val, val2 and val3; MiniWoB's tasks are
left out (their pages fit the budget whole, and the same task recurs across sets).

Every figure it prints comes from leave-pages-out cross-validation: the pages are put in
groups that never split a site (the page id without its `-N` suffix) nor a page that two
sets share (the same snapshot text), the groups in folds, and each fold's goals are ranked
by a model trained on the other folds. `--folds DIR` writes each fold's table and which
fold each page is in, for `digest_quality --cv DIR`.

`--table FILE` writes the model trained on every page: the table the crate compiles in
(`name<TAB>weight`, in the features' own scale: the standardization is folded in).

Requires Python 3.11 and numpy (PyPI).
"""

import argparse
import hashlib
import math
import os
import sys

import numpy as np

FOLDS = 5
L2 = 1.0
ITERATIONS = 30
META = 11  # columns before the features


def read(path):
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        names = header[META:]
        meta, rows = [], []
        for line in f:
            cols = line.rstrip("\n").split("\t")
            meta.append(cols[:META])
            rows.append(cols[META:])
    x = np.array(rows, dtype=np.float64)
    return header[:META], names, meta, x


def groups_of(meta):
    """Union of pages that share a site or a snapshot: never split between folds."""
    parent = {}

    def find(a):
        while parent.setdefault(a, a) != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def union(a, b):
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    for m in meta:
        union("site:" + m[3], "hash:" + m[4])
        union("site:" + m[3], "file:" + m[2])
    return {m[2]: find("file:" + m[2]) for m in meta}


def assign_folds(meta, group_of):
    """Groups to folds, biggest first, each to the fold with the fewest goals so far; ties
    broken by a hash of the group's name, so the assignment is the same on every run."""
    goals = {}
    for m in meta:
        goals.setdefault(group_of[m[2]], set()).add(m[1])
    order = sorted(
        goals,
        key=lambda g: (-len(goals[g]), hashlib.sha1(g.encode()).hexdigest()),
    )
    load = [0] * FOLDS
    fold = {}
    for g in order:
        k = min(range(FOLDS), key=lambda i: (load[i], i))
        fold[g] = k
        load[k] += len(goals[g])
    return fold


def goal_weights(goal_ids, y):
    """Each goal weighs 1: half on its targets, half on its other candidates."""
    w = np.zeros(len(y))
    idx = {}
    for i, g in enumerate(goal_ids):
        idx.setdefault(g, []).append(i)
    for rows in idx.values():
        rows = np.array(rows)
        pos = rows[y[rows] == 1]
        neg = rows[y[rows] == 0]
        if len(pos) == 0 or len(neg) == 0:
            continue
        w[pos] = 0.5 / len(pos)
        w[neg] = 0.5 / len(neg)
    return w


def fit(x, y, w):
    """Weighted L2 logistic regression by Newton's method on standardized features; returns
    weights and bias in the features' own scale."""
    total = w.sum()
    mean = (x * w[:, None]).sum(0) / total
    std = np.sqrt(((x - mean) ** 2 * w[:, None]).sum(0) / total)
    std[std < 1e-6] = 1.0
    z = (x - mean) / std
    z = np.hstack([z, np.ones((len(z), 1))])
    beta = np.zeros(z.shape[1])
    reg = np.full(z.shape[1], L2)
    reg[-1] = 0.0
    for _ in range(ITERATIONS):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ beta, -30, 30)))
        grad = z.T @ (w * (p - y)) + reg * beta
        hess = (z * (w * p * (1 - p))[:, None]).T @ z + np.diag(reg)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.abs(step).max() < 1e-8:
            break
    weights = beta[:-1] / std
    bias = beta[-1] - (beta[:-1] * mean / std).sum()
    return weights, bias


def ranks(goal_ids, target, score):
    """Per goal, the rank (from 1) of its hardest target group: each group's best-ranked
    candidate, the worst of those; None when a group has no candidate."""
    by_goal = {}
    for i, g in enumerate(goal_ids):
        by_goal.setdefault(g, []).append(i)
    out = {}
    for g, rows in by_goal.items():
        rows = np.array(rows)
        order = rows[np.lexsort((rows, -score[rows]))]
        position = {r: p + 1 for p, r in enumerate(order)}
        best = {}
        for r in rows:
            t = target[r]
            if t >= 0:
                best[t] = min(best.get(t, math.inf), position[r])
        groups = TARGET_GROUPS[g]
        out[g] = None if len(best) < groups else max(best.values())
    return out


TARGET_GROUPS = {}


def report(label, goal_rank, goals_meta, select):
    picked = [g for g in goal_rank if select(goals_meta[g])]
    if not picked:
        return
    n = len(picked)
    cells = []
    for k in (10, 30, 50):
        hit = sum(1 for g in picked if goal_rank[g] is not None and goal_rank[g] <= k)
        cells.append(f"{100 * hit / n:.1f} %")
    print(f"| {label} | {n} | " + " | ".join(cells) + " |")


def write_table(path, names, weights, bias, note):
    with open(path, "w", encoding="utf-8") as f:
        f.write("# The goal digest's learned ranking: one weight per feature (features.rs), the logit\n")
        f.write("# of a logistic regression. Written by scripts/train-ranking.py; never edit by hand.\n")
        f.write(f"# {note}\n")
        f.write(f"bias\t{bias:.6f}\n")
        for name, w in zip(names, weights):
            f.write(f"{name}\t{w:.6f}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("features")
    ap.add_argument("--table", help="write the model trained on every page here")
    ap.add_argument("--folds", help="write each fold's table and the page folds here")
    ap.add_argument("--drop", default="",
                    help="comma-separated features to leave out (ablation); a name ending in * is a prefix")
    args = ap.parse_args()

    _, names, meta, x = read(args.features)
    real = np.array([m[6] != "-" for m in meta])
    meta = [m for m, r in zip(meta, real) if r]
    x = x[real]
    dropped = [p for p in args.drop.split(",") if p]
    def dropped_name(n):
        return any(n.startswith(p[:-1]) if p.endswith("*") else n == p for p in dropped)

    keep = np.array([not dropped_name(n) for n in names])
    y = np.array([1.0 if int(m[9]) >= 0 else 0.0 for m in meta])
    target = np.array([int(m[9]) for m in meta])
    goal_ids = [m[1] for m in meta]
    goals_meta = {}
    for m in meta:
        goals_meta[m[1]] = {"set": m[0], "difficulty": m[5], "language": m[6], "whole": m[7] == "1"}
    # How many target groups each goal has: the corpus's goals name them; a group none of
    # whose refs is a candidate leaves the goal unranked (a miss).
    import json

    corpus = os.environ.get("MCP_LEAN_CORPUS", "../shared/corpus")
    for f in ("goals-dev.jsonl", "goals-val.jsonl", "goals-val2.jsonl", "goals-val3.jsonl"):
        with open(os.path.join(corpus, f), encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    g = json.loads(line)
                    TARGET_GROUPS[g["id"]] = len(g["targets"])

    group_of = groups_of(meta)
    fold_of_group = assign_folds(meta, group_of)
    fold = np.array([fold_of_group[group_of[m[2]]] for m in meta])
    w = goal_weights(goal_ids, y)
    xk = x[:, keep]
    cv_score = np.zeros(len(y))
    tables = []
    for k in range(FOLDS):
        train = fold != k
        weights, bias = fit(xk[train], y[train], w[train])
        cv_score[~train] = xk[~train] @ weights + bias
        full = np.zeros(len(names))
        full[keep] = weights
        tables.append((full, bias))
    cv_rank = ranks(goal_ids, target, cv_score)
    base_rank = ranks(goal_ids, target, x[:, names.index("own_rel")] + 1e-3 * x[:, names.index("own")])
    cos_rank = ranks(goal_ids, target, x[:, names.index("cos_z")])

    print(f"{len(goals_meta)} goals on real pages, {len(y)} candidates, {FOLDS} folds by site and page"
          + (f"; without {', '.join(dropped)}" if dropped else ""))
    print()
    print("| ranker, group | goals | within 10 | within 30 | within 50 |")
    print("|---|---|---|---|---|")
    for title, rk in (("word overlap alone", base_rank), ("model cosine alone", cos_rank), ("learned, CV", cv_rank)):
        report(f"{title}: all", rk, goals_meta, lambda g: True)
    for s in ("dev", "val", "val2", "val3"):
        report(f"learned, CV: {s}", cv_rank, goals_meta, lambda g, s=s: g["set"] == s)
    for d in ("exact", "paraphrase", "implicit"):
        report(f"learned, CV: {d}", cv_rank, goals_meta, lambda g, d=d: g["difficulty"] == d)
    report("learned, CV: English pages", cv_rank, goals_meta, lambda g: g["language"] == "en")
    report("learned, CV: other languages", cv_rank, goals_meta, lambda g: g["language"] == "other")
    report("learned, CV: pages over the budget", cv_rank, goals_meta, lambda g: not g["whole"])

    if args.folds:
        os.makedirs(args.folds, exist_ok=True)
        for k, (weights, bias) in enumerate(tables):
            write_table(os.path.join(args.folds, f"fold-{k}.tsv"), names, weights, bias,
                        f"trained without the pages of fold {k}")
        with open(os.path.join(args.folds, "folds.tsv"), "w", encoding="utf-8") as f:
            for page in sorted(group_of):
                f.write(f"{page}\t{fold_of_group[group_of[page]]}\n")
    if args.table:
        weights, bias = fit(xk, y, w)
        full = np.zeros(len(names))
        full[keep] = weights
        write_table(args.table, names, full, bias,
                    f"trained on {len(goals_meta)} goals of the real pages of dev, val, val2 and val3")


if __name__ == "__main__":
    sys.exit(main())
