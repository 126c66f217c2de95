import { describe, expect, it } from 'vitest';
import { formatDocumentTitle } from './document-title';

describe('formatDocumentTitle (issue 21)', () => {
  it("puts the screen's title before the product's name", () => {
    expect(formatDocumentTitle('Explore')).toBe('Explore · Waymark');
    expect(formatDocumentTitle('  A tip in Porto ')).toBe('A tip in Porto · Waymark');
  });

  it('is the product name alone without a title', () => {
    expect(formatDocumentTitle()).toBe('Waymark');
    expect(formatDocumentTitle('   ')).toBe('Waymark');
  });
});
