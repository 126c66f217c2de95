import { describe, expect, it } from 'vitest';
import { GuideTagsSchema, TagsSchema, normalizeGuideTags, normalizeTags } from './content-fields';
import { GuideCreateSchema, GuideUpdateSchema } from './guide';
import { TipInputSchema } from './tip';

describe('tag rules (SPEC 3 and 5, ADR 037)', () => {
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

  it('the guide create and update payloads keep the case; the tip payload lowercases', () => {
    const guide = { title: 'T', location: 'L', countries: [], daysCount: 1, tags: [' Slow Travel', 'slow travel ', 'UNESCO'] };
    expect(GuideCreateSchema.parse(guide).tags).toEqual(['Slow Travel', 'UNESCO']);
    expect(GuideUpdateSchema.parse(guide).tags).toEqual(['Slow Travel', 'UNESCO']);
    expect(TipInputSchema.shape.tags.parse(['Food', ' food'])).toEqual(['food']);
  });
});
