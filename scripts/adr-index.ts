/**
 * `npm run adr:index`: rewrites the index table of docs/decisions/README.md from the ADRs'
 * headers (between the index markers), so the table never has to be kept by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decisionsDir, indexRow, readAdrs } from './lib/adrs';

const START = '<!-- index:start -->';
const END = '<!-- index:end -->';
const readme = path.join(decisionsDir, 'README.md');
const text = readFileSync(readme, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < from) throw new Error(`${readme} has no ${START} ... ${END} markers`);

const adrs = readAdrs();
const table = ['| ADR | Title | Status | Date |', '|---|---|---|---|', ...adrs.map(indexRow)].join('\n');
writeFileSync(readme, `${text.slice(0, from + START.length)}\n${table}\n${text.slice(to)}`);
for (const adr of adrs) {
  for (const problem of adr.problems) console.error(`${adr.file}: ${problem}`);
}
console.log(`${readme}: ${adrs.length} ADRs`);
