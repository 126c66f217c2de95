import { THEME_COOKIE, type ThemeChoice } from '@common/theme';
import { applyTheme } from './theme';

/** 400 days: the longest a browser keeps a cookie. */
const MAX_AGE_S = 400 * 24 * 60 * 60;

/** The member's choice: the cookie for the server's first paints, this tab at once, the other tabs by a storage event (ADR 052). */
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
  applyTheme(choice);
}
