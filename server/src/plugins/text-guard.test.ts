import { describe, expect, it } from 'vitest';
import { hasUnstorableText } from './text-guard';

describe('hasUnstorableText', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['a lone high surrogate', 'x\uD800'],
    ['a lone low surrogate', '\uDFFFx'],
    ['reversed surrogates', '\uDFFF\uD800'],
  ])('finds %s anywhere in a body', (_label, bad) => {
    expect(hasUnstorableText(bad)).toBe(true);
    expect(hasUnstorableText({ title: 'ok', tags: ['fine', bad] })).toBe(true);
    expect(hasUnstorableText({ nested: { [bad]: 1 } })).toBe(true);
  });

  it('lets every storable text through: accents, RTL, emoji (surrogate pairs), markup', () => {
    const body = { title: 'Café <b>São</b> مرحبا 😀 🇵🇹', tags: ['ümlaut', 'e\u0301'], n: 3, none: null, yes: true };
    expect(hasUnstorableText(body)).toBe(false);
    expect(hasUnstorableText(undefined)).toBe(false);
  });
});
