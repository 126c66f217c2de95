import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionsDir, indexRow, parseAdr, readAdrs } from './lib/adrs';

const adrs = readAdrs();

describe('docs/decisions', () => {
  it('holds the ADRs', () => {
    expect(adrs.length).toBeGreaterThanOrEqual(37);
  });

  it.each(adrs.map((adr) => [adr.file, adr] as const))('%s has a title, Status and Date in the format', (_, adr) => {
    expect(adr.problems).toEqual([]);
  });

  it('has one ADR per number', () => {
    const numbers = adrs.map((adr) => adr.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('links superseding ADRs to files that exist, both ways', () => {
    const missing = adrs.flatMap((adr) => adr.links.filter((file) => !existsSync(path.join(decisionsDir, file))));
    expect(missing).toEqual([]);
    const byFile = new Map(adrs.map((adr) => [adr.file, adr]));
    const oneWay = adrs.flatMap((adr) =>
      adr.links.filter((file) => !byFile.get(file)?.links.includes(adr.file)).map((file) => `${adr.file} -> ${file}`),
    );
    expect(oneWay).toEqual([]);
  });

  it('lists every ADR in the README index, as `npm run adr:index` writes it', () => {
    const readme = readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
    const absent = adrs.filter((adr) => !readme.includes(indexRow(adr))).map((adr) => adr.file);
    expect(absent).toEqual([]);
  });
});

describe('parseAdr', () => {
  const good = '# 042. A decision\n\nStatus: Accepted\nDate: 2026-11-25\nIssue: 20\n\n## Context\n';

  it('accepts the template', () => {
    expect(parseAdr('042-a-decision.md', good).problems).toEqual([]);
  });

  it('reads a superseded status and its links', () => {
    const text = good.replace('Accepted', 'Superseded in part by [043](043-later.md): the part');
    const adr = parseAdr('042-a-decision.md', text);
    expect(adr.problems).toEqual([]);
    expect(adr.links).toEqual(['043-later.md']);
    expect(indexRow(adr)).toBe(
      '| [042](042-a-decision.md) | A decision | Superseded in part by [043](043-later.md) | 2026-11-25 |',
    );
  });

  it('names what is wrong', () => {
    expect(parseAdr('042-a-decision.md', '# 042: A decision\n\nStatus: accepted (issue 5)\n\n').problems).toEqual([
      'first line is not "# NNN. Title"',
      '"Status: accepted (issue 5)" is not "Status: Accepted" or "Status: Superseded ..."',
      '"" is not "Date: YYYY-MM-DD"',
    ]);
    expect(parseAdr('042-a-decision.md', good.replace('2026-11-25', '25.11.2026')).problems).toEqual([
      '"Date: 25.11.2026" is not "Date: YYYY-MM-DD"',
    ]);
    expect(parseAdr('042-a-decision.md', good.replace('Issue: 20', 'Owner: me')).problems).toEqual([
      'unexpected header line "Owner: me"',
    ]);
  });
});
