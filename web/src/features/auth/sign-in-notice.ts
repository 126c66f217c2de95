/**
 * Why the sign-in screen was opened, carried in the navigation's state (never the URL, so a link
 * cannot make the screen claim something happened): a finished password reset, or a session
 * that was ended while its page was open (ADRs 073, 074).
 */
export type SignInNotice = { kind: 'password-reset'; email: string } | { kind: 'session-ended' };

export function signInNoticeOf(state: unknown): SignInNotice | null {
  if (!state || typeof state !== 'object' || !('signInNotice' in state)) return null;
  const notice = state.signInNotice;
  if (!notice || typeof notice !== 'object' || !('kind' in notice)) return null;
  if (notice.kind === 'session-ended') return { kind: 'session-ended' };
  if (notice.kind === 'password-reset' && 'email' in notice && typeof notice.email === 'string') {
    return { kind: 'password-reset', email: notice.email };
  }
  return null;
}

export const withSignInNotice = (notice: SignInNotice) => ({ signInNotice: notice });
