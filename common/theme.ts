/**
 * The member's colour theme (issue 21, ADR 052): light, dark, or the system's (the default). The
 * choice lives in a cookie the server reads when it fills a page's template, so the first paint
 * carries it on `<html data-theme>`; with no choice the stylesheet follows prefers-color-scheme
 * alone (web/src/index.css), with no JavaScript.
 */
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Not HttpOnly: the client writes it. Its absence means "system". */
export const THEME_COOKIE = 'waymark-theme';

/** The attribute on `<html>` that pins a theme; absent, the system's applies. */
export const THEME_ATTRIBUTE = 'data-theme';

/** A stored value as a choice: anything but light or dark is the system's. */
export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The theme cookie's value in a Cookie header, as a choice. */
export function themeFromCookies(cookieHeader: string | undefined): ThemeChoice {
  const match = cookieHeader ? new RegExp(`(?:^|;)\\s*${THEME_COOKIE}=([^;]*)`).exec(cookieHeader) : null;
  return parseThemeChoice(match?.[1]?.trim());
}
