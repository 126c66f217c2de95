import { describe, expect, it } from 'vitest';
import { rowsOf } from './rows';

describe('rowsOf', () => {
  it("reads node-postgres' and PGlite's results alike", () => {
    expect(rowsOf<{ n: number }>({ rows: [{ n: 1 }], rowCount: 1, command: 'SELECT', fields: [] })).toEqual([{ n: 1 }]);
    expect(rowsOf<{ n: number }>({ rows: [], affectedRows: 0, fields: [] })).toEqual([]);
  });

  it('fails loudly on a result without rows instead of reading undefined', () => {
    expect(() => rowsOf([{ n: 1 }])).toThrow(/without rows/);
    expect(() => rowsOf(undefined)).toThrow(/without rows/);
  });
});
