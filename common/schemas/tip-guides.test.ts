import { describe, expect, it } from 'vitest';
import { TEXTS } from '../texts';
import { type TipGuide, isWiderThan, widerGuides } from './tip-guides';

const guide = (title: string, visibility: TipGuide['visibility']): TipGuide => ({ id: title, title, visibility });

describe('widerGuides (issue 36: warn when narrowing a tip inside a wider guide)', () => {
  const guides = [guide('Open', 'public'), guide('Friends', 'connections'), guide('Mine', 'private')];

  it('orders the levels by how many see an item', () => {
    expect(isWiderThan('public', 'connections')).toBe(true);
    expect(isWiderThan('connections', 'private')).toBe(true);
    expect(isWiderThan('private', 'public')).toBe(false);
    expect(isWiderThan('public', 'public')).toBe(false);
  });

  it('names the guides more people can see than the tip', () => {
    expect(widerGuides(guides, 'connections').map((g) => g.title)).toEqual(['Open']);
    expect(widerGuides(guides, 'private').map((g) => g.title)).toEqual(['Open', 'Friends']);
    expect(widerGuides(guides, 'public')).toEqual([]);
  });
});

describe('the placeholder of a tip not shared with the reader', () => {
  it('never calls it private (a connections-only tip is not)', () => {
    expect(TEXTS.hiddenTipInGuide).toBe('This tip is not shared with you');
    expect(TEXTS.hiddenTipInGuide.toLowerCase()).not.toContain('private');
  });
});
