/**
 * The member's theme choice in the browser (issue 21, ADR 052). The cookie is the one record:
 * the server reads it to draw `<html data-theme>` into the first paint, and this sets the same
 * attribute at once when the member chooses, in this tab and (through a storage event) in the
 * others. "System" removes both, and the stylesheet follows prefers-color-scheme.
 */
import { useSyncExternalStore } from 'react';
import { THEME_ATTRIBUTE, THEME_COOKIE, type ThemeChoice, parseThemeChoice, themeFromCookies } from '@common/theme';

// Choosing (choose-theme.ts) is kept out of this module: this one is in every page's entry.

const listeners = new Set<() => void>();
let current: ThemeChoice | undefined;

export function currentThemeChoice(): ThemeChoice {
  return (current ??= themeFromCookies(document.cookie));
}

/** Puts the choice on `<html>` and tells the subscribers (the toasts, the profile's control). */
export function applyTheme(choice: ThemeChoice) {
  current = choice;
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute(THEME_ATTRIBUTE);
  else root.setAttribute(THEME_ATTRIBUTE, choice);
  for (const listener of listeners) listener();
}

/** Once per tab (main.tsx): follow a choice made in another tab, or while this page slept in the back-forward cache. */
export function followThemeChoice() {
  // The event's value, not the cookie: a cookie written in one tab reaches another's a moment later.
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_COOKIE) applyTheme(parseThemeChoice(event.newValue));
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) applyTheme(themeFromCookies(document.cookie));
  });
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => void listeners.delete(onChange);
}

/** The choice, kept current; the server draws with "system" (the attribute on `<html>` already says the rest). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, currentThemeChoice, () => 'system');
}
