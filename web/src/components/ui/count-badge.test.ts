import { describe, expect, it } from 'vitest';
import { formatBadgeCount } from './count-badge';

describe('formatBadgeCount', () => {
  it('shows the count up to 99', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
  });
  it("caps above 99 at '99+'", () => {
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(5000)).toBe('99+');
  });
});
