import { describe, expect, it } from 'vitest';
import { MAX_DISMISSED_MESSAGES, dismissedCookieValue, parseDismissed, serializeDismissed } from './dismissed-messages';

const USER = '8f0c2a5e-1111-4222-8333-944455556666';
const OTHER = '0b1c2d3e-aaaa-4bbb-8ccc-ddddeeeeffff';
const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

describe('dismissed system messages (issue 36: banners in the first paint)', () => {
  it('reads back what it writes, for the same user only', () => {
    const value = serializeDismissed(USER, ids);
    expect(value).not.toMatch(/[,; "\\]/);
    expect(parseDismissed(value, USER)).toEqual(ids);
    expect(parseDismissed(value, OTHER)).toEqual([]);
    expect(parseDismissed(undefined, USER)).toEqual([]);
    expect(parseDismissed('', USER)).toEqual([]);
  });

  it('keeps the newest dismissals, and nothing that is not an id', () => {
    const many = Array.from({ length: MAX_DISMISSED_MESSAGES + 5 }, (_, i) => `id-${i}`);
    expect(parseDismissed(serializeDismissed(USER, many), USER)).toEqual(many.slice(5));
    expect(parseDismissed(`${USER}.ok-1.<script>.${'x'.repeat(65)}`, USER)).toEqual(['ok-1']);
  });

  it('finds the cookie in a Cookie header', () => {
    expect(dismissedCookieValue(`a=1; waymark-dismissed-messages=${USER}.x; b=2`)).toBe(`${USER}.x`);
    expect(dismissedCookieValue('other-waymark-dismissed-messages=x')).toBeUndefined();
    expect(dismissedCookieValue(undefined)).toBeUndefined();
  });
});
