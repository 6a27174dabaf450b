// Builds snapshot-digest's table of language names from Unicode CLDR: what each language is
// called in every language, so that a goal that names one ("is there a version in German?")
// finds the control a language switcher shows for it ("Deutsch", "DE").
//
// Usage: node scripts/language-names.mjs LOCALENAMES_DIR > crates/snapshot-digest/src/digest/meaning/languages.tsv
// where LOCALENAMES_DIR is the `main` folder of the npm package `cldr-localenames-modern`
// (45.0.0), e.g. `npm pack cldr-localenames-modern@45.0.0 && tar xzf
// cldr-localenames-modern-45.0.0.tgz` gives `package/main`. CLDR is under the Unicode License
// v3, which allows redistribution with its notice (whole in `meaning/question/units.rs`).
//
// The languages are those with a two-letter code and a locale of their own in the package
// (86 in 45.0.0): a switcher shows a language in its own name or by its code. A line per
// language: its code, its own name, its English name (the two even when the same), then what
// every other such locale calls it, tab-separated, each name once, in locale order. Regional
// and script variants ("Austrian German", "Simplified Chinese") are left out: a goal names the
// language. The output is deterministic for a given CLDR; a locale whose file does not read,
// or a language without its own or an English name, is reported on standard error and
// skipped.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/language-names.mjs LOCALENAMES_DIR (the main folder of cldr-localenames-modern)');
  process.exit(2);
}

const locales = readdirSync(dir).filter((l) => /^[a-z]{2}$/.test(l)).sort();
const names = new Map();
for (const locale of locales) {
  const file = join(dir, locale, 'languages.json');
  try {
    const table = JSON.parse(readFileSync(file, 'utf8')).main[locale].localeDisplayNames.languages;
    names.set(locale, table);
  } catch (e) {
    console.error(`skipped ${file}: ${e.message}`);
  }
}

const lines = [];
for (const code of [...names.keys()]) {
  // Tabs and newlines would break the line; CLDR has none, but a table is input.
  const nameIn = (locale) => {
    const name = names.get(locale)?.[code];
    return typeof name === 'string' && name !== '' && !/[\t\n]/.test(name) ? name : undefined;
  };
  const own = nameIn(code);
  const english = nameIn('en');
  if (own === undefined || english === undefined) {
    console.error(`skipped ${code}: no name of its own or no English name`);
    continue;
  }
  // The own and English names always stand second and third, the same or not ("Igbo").
  const row = [code, own, english];
  const seen = new Set([own, english]);
  for (const locale of names.keys()) {
    const name = nameIn(locale);
    if (name !== undefined && !seen.has(name)) {
      seen.add(name);
      row.push(name);
    }
  }
  lines.push(row.join('\t'));
}
process.stdout.write(`${lines.join('\n')}\n`);
