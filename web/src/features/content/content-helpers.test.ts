import { describe, expect, it } from 'vitest';
import { contentParams } from './api/content-query';
import { visibleTags } from './components/content-card';
import { countFor } from './components/content-tabs';
import { possessive } from './components/tips-list-screen';

describe('content helpers', () => {
  it('writes the possessive of a name', () => {
    expect(possessive('Anna')).toBe("Anna's");
    expect(possessive('James')).toBe("James'");
    expect(possessive(' Lois ')).toBe("Lois'");
  });

  it('shows at most 2 tags on a guide card, then +N', () => {
    expect(visibleTags(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], hidden: 2 });
    expect(visibleTags(['a'])).toEqual({ shown: ['a'], hidden: 0 });
  });

  it('counts the All tab as tips plus guides', () => {
    expect(countFor('all', { tips: 3, guides: 2 })).toBe(5);
    expect(countFor('guides', { tips: 3, guides: 2 })).toBe(2);
    expect(countFor('tips', undefined)).toBeUndefined();
  });

  it('leaves empty filters out of the query string', () => {
    expect(contentParams({ type: 'all', q: '  ', country: '' }).toString()).toBe('limit=12');
    expect(contentParams({ type: 'guides', q: ' porto ', country: 'Portugal' }, 'abc').toString()).toBe(
      'type=guides&q=porto&country=Portugal&cursor=abc&limit=12',
    );
  });
});
