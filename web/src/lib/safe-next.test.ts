import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPathFor } from './safe-next';

describe('safeNextPath', () => {
  it('keeps same-site paths', () => {
    expect(safeNextPath('/saved')).toBe('/saved');
    expect(safeNextPath('/view-tip/1?x=2')).toBe('/view-tip/1?x=2');
  });
  it('refuses other sites and empties', () => {
    expect(safeNextPath('//evil.example')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath('')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath('/')).toBeNull();
  });
  it('builds the sign-in path', () => {
    expect(signInPathFor('/saved', '?q=1')).toBe('/?next=%2Fsaved%3Fq%3D1');
  });
});
