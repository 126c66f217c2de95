import { describe, expect, it } from 'vitest';
import { canReturnTo, originOf, rememberOrigin } from './came-from';

describe('came-from (issue 21: Back returns where the member came from)', () => {
  it('remembers the origin of each history entry, and forgets it when told', () => {
    rememberOrigin('k1', '/explore?country=Japan');
    rememberOrigin('k2', '/saved');
    expect(originOf('k1')).toBe('/explore?country=Japan');
    expect(originOf('k2')).toBe('/saved');
    rememberOrigin('k1', undefined);
    expect(originOf('k1')).toBeUndefined();
    expect(originOf('never-seen')).toBeUndefined();
  });

  it('keeps the last 100 entries only', () => {
    for (let i = 0; i < 150; i++) rememberOrigin(`many-${i}`, `/view-tip/${i}`);
    expect(originOf('many-0')).toBeUndefined();
    expect(originOf('many-149')).toBe('/view-tip/149');
  });

  it('steps back to a list, a profile, a guide or notifications', () => {
    for (const from of ['/explore?tab=tips', '/saved', '/members/ann.lee', '/view-guide/g1', '/notifications', '/tips']) {
      expect(canReturnTo(from, '/view-tip/t1'), from).toBe(true);
    }
  });

  it('not when opened directly, from sign-in, from the same page, or from the form that led here', () => {
    for (const from of [undefined, '/', '/view-tip/t1', '/new-tip', '/edit-tip/t1', '/new-guide', '/edit-guide/g1']) {
      expect(canReturnTo(from, '/view-tip/t1'), String(from)).toBe(false);
    }
  });
});
