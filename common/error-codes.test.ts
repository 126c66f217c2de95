import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorCodeForStatus, isErrorCode } from './error-codes';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Source files (not tests) under `dir`, with their text. */
function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => {
      const file = path.relative(root, path.join(entry.parentPath, entry.name));
      return { file, text: read(file) };
    });
}

/** The codes docs/api.md's "Error codes" table has a row for. */
function documentedCodes(): string[] {
  const doc = read('docs/api.md');
  const section = doc.slice(doc.indexOf('## Error codes'));
  expect(section.length, 'docs/api.md has an "## Error codes" section').toBeGreaterThan(20);
  return [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]!);
}

/** Every code literal the web client branches on or makes: `code === 'x'`, `byCode: { x: ... }`, `{ code: 'x' }`. */
function clientCodes(): { file: string; code: string }[] {
  const found: { file: string; code: string }[] = [];
  for (const { file, text } of sources('web/src')) {
    for (const match of text.matchAll(/\bcode\s*(?:[!=]==|:)\s*'([a-z_]+)'/g)) found.push({ file, code: match[1]! });
    for (const block of text.matchAll(/byCode:\s*\{([^}]*)\}/g)) {
      for (const key of block[1]!.matchAll(/([a-z_]+)\s*:/g)) found.push({ file, code: key[1]! });
    }
  }
  return found;
}

describe('error codes (ADR 121)', () => {
  it('are unique snake_case names', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('each has a row in docs/api.md, and each row is a code of the list', () => {
    const documented = documentedCodes();
    expect(
      ERROR_CODES.filter((code) => !documented.includes(code)),
      'codes without a row in docs/api.md',
    ).toEqual([]);
    expect(
      documented.filter((code) => !isErrorCode(code)),
      'rows of docs/api.md that are no code',
    ).toEqual([]);
    expect(new Set(documented).size, 'one row per code').toBe(documented.length);
  });

  it('every code the client handles is in the list, and the client handles its specific ones', () => {
    const used = clientCodes();
    // The scan must see the client's branches at all, or it proves nothing.
    expect(used.length).toBeGreaterThan(5);
    expect(used.filter(({ code }) => !isErrorCode(code))).toEqual([]);
    const handled = new Set(used.map(({ code }) => code));
    for (const code of ['email_taken', 'invitation_duplicate', 'reset_link_invalid', 'already_connected', 'offline'] as const) {
      expect(handled.has(code), `the client handles ${code}`).toBe(true);
    }
  });

  it('every code is produced somewhere: by the server, its status, or the client', () => {
    const server = sources('server/src')
      .map(({ text }) => text)
      .join('\n');
    const web = sources('web/src')
      .map(({ text }) => text)
      .join('\n');
    const byStatus = new Set([400, 401, 403, 404, 409, 413, 415, 429, 500].map(errorCodeForStatus));
    const unused = ERROR_CODES.filter(
      (code) => !byStatus.has(code) && !server.includes(`'${code}'`) && !web.includes(`'${code}'`),
    );
    expect(unused, 'codes nothing sends').toEqual([]);
  });

  it('a status without a code of its own gets one by its class', () => {
    expect(errorCodeForStatus(404)).toBe('not_found');
    expect(errorCodeForStatus(429)).toBe('rate_limited');
    expect(errorCodeForStatus(418)).toBe('bad_request');
    expect(errorCodeForStatus(502)).toBe('internal_error');
  });
});
