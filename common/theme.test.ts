import { describe, expect, it } from 'vitest';
import { themeFromCookies } from './theme';

describe('themeFromCookies', () => {
  it('reads light or dark from the theme cookie, and the system for anything else', () => {
    expect(themeFromCookies('waymark-theme=dark')).toBe('dark');
    expect(themeFromCookies('a=1; waymark-theme=light; b=2')).toBe('light');
    expect(themeFromCookies('waymark-theme=blue')).toBe('system');
    expect(themeFromCookies('other-waymark-theme=dark')).toBe('system');
    expect(themeFromCookies('theme=dark')).toBe('system');
    expect(themeFromCookies(undefined)).toBe('system');
  });
});
