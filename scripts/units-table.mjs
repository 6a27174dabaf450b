// Builds snapshot-digest's table of unit words in every language from Unicode CLDR: the word
// a page writes after a number to say it is a duration, a mass, a length, a volume or a
// temperature ("45 dakika", "2 кг", "1,5 litri").
//
// Usage: node scripts/units-table.mjs UNITS_DIR > crates/snapshot-digest/src/digest/meaning/question/units.tsv
// where UNITS_DIR is the `main` folder of the npm package `cldr-units-modern` (45.0.0), e.g.
// `npm pack cldr-units-modern@45.0.0 && tar xzf cldr-units-modern-45.0.0.tgz` gives
// `package/main`. CLDR is under the Unicode License v3, which allows redistribution with its
// notice (in `question/units.rs`).
//
// For every locale, the long and short unit patterns ("{0} minutes", "{0} min") of the units
// of everyday measures below, in every plural and grammatical case, give the text after the
// number when it is one word. Left out: the narrow forms ("{0}m"), terse to the point of
// meaning several units at once; patterns whose number does not come first, since the digest
// reads the word after a number; and texts of several words ("{0} na minuto"), whose first
// word is not always the unit. Line format: `kind<TAB>text`, the text as CLDR writes it,
// lines sorted and unique; the crate folds it as it folds page text. The output is
// deterministic for a given CLDR.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/units-table.mjs UNITS_DIR (the main folder of cldr-units-modern)');
  process.exit(2);
}
// The units of everyday measures, by the kind of value the digest asks for.
const KINDS = {
  duration: ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'],
  mass: ['milligram', 'gram', 'kilogram', 'tonne', 'ton', 'ounce', 'pound'],
  length: ['millimeter', 'centimeter', 'decimeter', 'meter', 'kilometer', 'inch', 'foot', 'yard', 'mile'],
  volume: ['milliliter', 'centiliter', 'deciliter', 'liter', 'cubic-centimeter', 'cubic-meter', 'gallon', 'fluid-ounce'],
  temperature: ['celsius', 'fahrenheit', 'generic'],
};
const SPACES = /[\s\u00a0\u202f\u200e\u200f\u061c]+/gu;

const lines = new Set();
for (const locale of readdirSync(dir).sort()) {
  let units;
  try {
    units = JSON.parse(readFileSync(join(dir, locale, 'units.json'), 'utf8')).main[locale].units;
  } catch {
    continue;
  }
  for (const width of ['long', 'short']) {
    const table = units[width] || {};
    for (const [kind, names] of Object.entries(KINDS)) {
      for (const name of names) {
        const unit = table[`${kind}-${name}`];
        if (!unit) continue;
        for (const [key, pattern] of Object.entries(unit)) {
          if (!key.startsWith('unitPattern-count')) continue;
          const text = pattern.replace(SPACES, ' ').trim();
          if (!text.startsWith('{0}')) continue;
          const after = text.slice(3).trim();
          // Several words ("{0} na minuto", "{0} fl oz"): the word after the number is not
          // always the unit.
          if (after && !after.includes(' ')) lines.add(`${kind}\t${after}`);
        }
      }
    }
  }
}
const out = [...lines].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
process.stdout.write(`${out.join('\n')}\n`);
