/**
 * docs/product.md#signing-in-and-sessions: the screen a signed-out visitor asked for travels as `?next=`. Only same-site paths are
 * accepted, so the parameter cannot be used to send someone to another site after sign-in.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === '/') return null;
  return next;
}

export function signInPathFor(pathname: string, search = ''): string {
  return `/?next=${encodeURIComponent(pathname + search)}`;
}
