// Builds snapshot-digest's table of function words, `stopwords.tsv`: for each language, the
// words that carry no intent of their own ("um", "pour", "какой"), so that a goal in that
// language is matched by its content words only.
//
// Usage:
//   npm pack stopword@3.1.5 && tar xzf stopword-3.1.5.tgz
//   node scripts/stopwords.mjs package > crates/snapshot-digest/src/digest/meaning/stopwords.tsv
// where `package` is the folder the npm package `stopword` 3.1.5 (MIT, Fergus McDowall; its
// lists come from the sources its `dist/3rd-party.txt` names, under MIT and BSD licences)
// unpacks to. Its `dist/stopword.cjs.js` exports one array per language, keyed by ISO 639-3
// code.
//
// Output: one line per language, sorted by code: the code, a tab, then its words, sorted and
// without repeats, separated by spaces. Words with whitespace inside are left out (the digest
// splits goals into words first). The same package gives the same bytes.
import { createRequire } from "node:module";
import path from "node:path";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node scripts/stopwords.mjs PACKAGE_DIR > stopwords.tsv");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const lists = require(path.resolve(dir, "dist/stopword.cjs.js"));
const lines = [];
for (const code of Object.keys(lists).sort()) {
  const words = lists[code];
  if (!Array.isArray(words) || !/^[a-z]{3}$/.test(code)) continue;
  const clean = [...new Set(words.map((w) => String(w).trim().toLowerCase()))]
    .filter((w) => w.length > 0 && !/\s/.test(w))
    .sort();
  if (clean.length > 0) lines.push(`${code}\t${clean.join(" ")}`);
}
process.stdout.write(lines.join("\n") + "\n");
