import { describe, expect, it } from 'vitest';
import { type KeyList, assemblePage, hasPlace, keyList } from './kept-page';

/** A list of keys one second apart, newest first: `second` is each key's time, `id` its id. */
function list(keys: [number, string, string?][], complete = true): KeyList {
  const ts = keys.map(([second]) => `2026-01-01 00:00:${String(second).padStart(2, '0')}+00`);
  const whole = keyList(
    {
      ts,
      ids: keys.map(([, id]) => id),
      users: keys.map(([, , user]) => user ?? 'u'),
      places: keys.map(([, id]) => (id.endsWith('0') ? 'France\u001fSpain' : 'Portugal')),
    },
    keys.length,
  );
  return { ...whole, complete };
}

const ids = (page: ReturnType<typeof assemblePage>) => page?.map((k) => k.id) ?? null;

describe('assemblePage', () => {
  const open = list([
    [50, 'p50'],
    [40, 'p40', 'hidden'],
    [30, 'p30'],
    [10, 'p10'],
  ]);
  const own = list([
    [45, 'o45'],
    [20, 'o20'],
  ]);

  it("merges the lists newest first, without the hidden authors' keys", () => {
    const page = assemblePage(
      [
        { kind: 'tip', list: open, hidden: new Set(['hidden']) },
        { kind: 'tip', list: own },
      ],
      null,
      4,
    );
    expect(ids(page)).toEqual(['p50', 'o45', 'p30', 'o20']);
  });

  it('starts after the cursor, ties broken by the lower id coming after', () => {
    const tied = list([
      [30, 'b'],
      [30, 'a'],
      [20, 'c'],
    ]);
    const page = assemblePage([{ kind: 'guide', list: tied }], { createdAt: '2026-01-01 00:00:30+00', id: 'b' }, 5);
    expect(ids(page)).toEqual(['a', 'c']);
  });

  it('cannot tell a page that reaches past the end of a list cut short', () => {
    const cut = list(
      [
        [45, 'o45'],
        [20, 'o20'],
      ],
      false,
    );
    // The page needs keys older than o20, the last one kept: what lies there is unknown.
    expect(
      assemblePage(
        [
          { kind: 'tip', list: open },
          { kind: 'tip', list: cut },
        ],
        null,
        6,
      ),
    ).toBeNull();
    // A page that ends before it is whole.
    expect(
      ids(
        assemblePage(
          [
            { kind: 'tip', list: open },
            { kind: 'tip', list: cut },
          ],
          null,
          3,
        ),
      ),
    ).toEqual(['p50', 'o45', 'p40']);
  });

  it("keeps one country's keys: a tip's country, any of a guide's, matched whole", () => {
    expect(hasPlace('France\u001fSpain', 'Spain')).toBe(true);
    expect(hasPlace('France\u001fSpain', 'Spai')).toBe(false);
    expect(hasPlace('', 'Spain')).toBe(false);
    const page = assemblePage(
      [
        { kind: 'tip', list: open },
        { kind: 'tip', list: own },
      ],
      null,
      5,
      'Spain',
    );
    expect(ids(page)).toEqual(['p50', 'p40', 'p30', 'o20', 'p10']);
  });
});
