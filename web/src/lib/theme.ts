/**
 * The member's theme choice in the browser (issue 21, ADR 052). The cookie is the one record:
 * the server reads it to draw `<html data-theme>` into the first paint, and this sets the same
 * attribute at once when the member chooses, in this tab and (through a storage event) in the
 * others. "System" removes both, and the stylesheet follows prefers-color-scheme.
 */
import { useSyncExternalStore } from 'react';
import { THEME_ATTRIBUTE, THEME_COOKIE, type ThemeChoice, parseThemeChoice, themeFromCookies } from '@common/theme';

/** 400 days: the longest a browser keeps a cookie. */
const MAX_AGE_S = 400 * 24 * 60 * 60;
const listeners = new Set<() => void>();
let current: ThemeChoice | undefined;

export function currentThemeChoice(): ThemeChoice {
  return (current ??= themeFromCookies(document.cookie));
}

function apply(choice: ThemeChoice) {
  current = choice;
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute(THEME_ATTRIBUTE);
  else root.setAttribute(THEME_ATTRIBUTE, choice);
  for (const listener of listeners) listener();
}

export function chooseTheme(choice: ThemeChoice) {
  const attributes = `; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  document.cookie =
    choice === 'system'
      ? `${THEME_COOKIE}=${attributes}; Max-Age=0`
      : `${THEME_COOKIE}=${choice}${attributes}; Max-Age=${MAX_AGE_S}`;
  try {
    // Only to wake the other tabs: a storage event fires there, never here.
    localStorage.setItem(THEME_COOKIE, choice);
  } catch {
    // Storage refused (private mode, quota): the other tabs follow at their next page.
  }
  apply(choice);
}

/** Once per tab (main.tsx): follow a choice made in another tab, or while this page slept in the back-forward cache. */
export function followThemeChoice() {
  // The event's value, not the cookie: a cookie written in one tab reaches another's a moment later.
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_COOKIE) apply(parseThemeChoice(event.newValue));
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) apply(themeFromCookies(document.cookie));
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
