import { describe, expect, it } from 'vitest';
import { GuideTagsSchema, TagsSchema, normalizeGuideTags, normalizeTags } from './content-fields';
import { GuideCreateSchema, GuideUpdateSchema } from './guide';
import { TipInputSchema } from './tip';

describe('tag rules (product.md, Tips and guides; ADR 037)', () => {
  it('tip tags: trimmed, lowercased, blanks dropped, unique', () => {
    expect(normalizeTags([' Food ', 'food', '', '  ', 'City Break'])).toEqual(['food', 'city break']);
    expect(TagsSchema.parse(['Beach', 'BEACH'])).toEqual(['beach']);
  });

  it('guide tags: trimmed, blanks dropped, case kept, duplicates of any case dropped (first spelling stays)', () => {
    expect(normalizeGuideTags([' Hidden Gems ', 'hidden gems', '', '   ', 'UNESCO', 'Road Trip', 'ROAD TRIP'])).toEqual([
      'Hidden Gems',
      'UNESCO',
      'Road Trip',
    ]);
    expect(GuideTagsSchema.parse(['\tLisbon\n', 'lisbon'])).toEqual(['Lisbon']);
  });

  it('a tag made only of invisible characters (zero-width space, joiners, BOM, soft hyphen) is blank, and they are trimmed from the edges', () => {
    const invisible = ['\u200b', '\u200c\u200d', '\u2060', '\ufeff', '\u00ad', ' \u200b ', '\u3000', '\u180e'];
    expect(normalizeGuideTags(invisible)).toEqual([]);
    expect(normalizeTags(invisible)).toEqual([]);
    expect(GuideTagsSchema.parse(['\u200bLisbon\u200b', 'lisbon', '\u200b'])).toEqual(['Lisbon']);
    expect(TagsSchema.parse(['\u200bFood', 'food\u2060', '\u200b'])).toEqual(['food']);
    // Inside a tag they stay (an emoji sequence is joined by U+200D).
    expect(normalizeGuideTags(['Family \u{1F468}\u200d\u{1F469}'])).toEqual(['Family \u{1F468}\u200d\u{1F469}']);
  });

  it('the guide create and update payloads keep the case; the tip payload lowercases', () => {
    const guide = { title: 'T', location: 'L', countries: [], daysCount: 1, tags: [' Slow Travel', 'slow travel ', 'UNESCO'] };
    expect(GuideCreateSchema.parse(guide).tags).toEqual(['Slow Travel', 'UNESCO']);
    expect(GuideUpdateSchema.parse(guide).tags).toEqual(['Slow Travel', 'UNESCO']);
    expect(TipInputSchema.shape.tags.parse(['Food', ' food'])).toEqual(['food']);
  });
});
