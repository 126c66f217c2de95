import { describe, expect, it } from 'vitest';
import { setMostRecent } from './recent-map';

describe('setMostRecent', () => {
  it('forgets the least recently set key beyond the size, a key set anew counting as recent', () => {
    const map = new Map<string, number>();
    setMostRecent(map, 'a', 1, 2);
    setMostRecent(map, 'b', 2, 2);
    setMostRecent(map, 'a', 3, 2);
    setMostRecent(map, 'c', 4, 2);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });
});
