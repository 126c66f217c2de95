/**
 * Reads the header of an ADR in docs/decisions (see its README): the title line, then Status,
 * Date, optional Issue and Supersedes lines. Used by the ADR test and by `npm run adr:index`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const decisionsDir = path.resolve(import.meta.dirname, '../../docs/decisions');
export const ADR_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;

const TITLE = /^# (\d{3})\. (\S.*)$/;
const LINK = /\[(\d{3})\]\((\d{3}-[a-z0-9-]+\.md)\)/g;
const STATUS = /^Status: (Accepted|Superseded in part by \[\d{3}\]\(.+|Superseded by \[\d{3}\]\(.+)$/;
const DATE = /^Date: (\d{4}-\d{2}-\d{2})$/;
const ISSUE = /^Issue: (\d+(?:, \d+)*)$/;
const SUPERSEDES = /^Supersedes(?: in part)?: \[\d{3}\]\(.+$/;

export interface Adr {
  file: string;
  number: string;
  title: string;
  status: string;
  date: string;
  /** Files linked from the Status and Supersedes lines. */
  links: string[];
  /** What is wrong with the header; empty when it follows the README. */
  problems: string[];
}

function linksOf(line: string): string[] {
  return [...line.matchAll(LINK)].map((m) => m[2] ?? '');
}

export function parseAdr(file: string, text: string): Adr {
  const lines = text.split('\n');
  const problems: string[] = [];
  const number = ADR_FILE.exec(file)?.[1] ?? '';
  if (!number) problems.push('file name is not NNN-words.md');
  const title = TITLE.exec(lines[0] ?? '');
  if (!title) problems.push('first line is not "# NNN. Title"');
  else if (title[1] !== number) problems.push(`title number ${title[1]} differs from the file's ${number}`);
  if (lines[1] !== '') problems.push('no blank line after the title');

  const header: string[] = [];
  for (const line of lines.slice(2)) {
    if (line === '') break;
    header.push(line);
  }
  const status = header[0] ?? '';
  const date = header[1] ?? '';
  if (!STATUS.test(status)) problems.push(`"${status}" is not "Status: Accepted" or "Status: Superseded ..."`);
  const dateMatch = DATE.exec(date);
  if (!dateMatch || Number.isNaN(Date.parse(dateMatch[1] ?? ''))) problems.push(`"${date}" is not "Date: YYYY-MM-DD"`);
  for (const line of header.slice(2)) {
    if (!ISSUE.test(line) && !SUPERSEDES.test(line)) problems.push(`unexpected header line "${line}"`);
  }
  if (/^Status: Superseded/.test(status) && linksOf(status).length === 0) problems.push('Status names no ADR');

  return {
    file,
    number,
    title: title?.[2] ?? '',
    status: status.replace(/^Status: /, ''),
    date: dateMatch?.[1] ?? '',
    links: header.flatMap(linksOf),
    problems,
  };
}

export function readAdrs(dir = decisionsDir): Adr[] {
  return readdirSync(dir)
    .filter((file) => ADR_FILE.test(file))
    .sort()
    .map((file) => parseAdr(file, readFileSync(path.join(dir, file), 'utf8')));
}

/** One row of the README's index: the status is cut at its first colon (the "what" stays in the ADR). */
export function indexRow(adr: Adr): string {
  const status = adr.status.split(': ')[0] ?? adr.status;
  return `| [${adr.number}](${adr.file}) | ${adr.title} | ${status} | ${adr.date} |`;
}
