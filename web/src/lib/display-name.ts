import { MEMBER_FALLBACK_NAME } from '@common/texts';

type NamedUser = { name?: string | null; username?: string | null; email?: string | null };

function nameOrUsername(user: NamedUser | null | undefined): string {
  return user?.name?.trim() || user?.username?.trim() || '';
}

/** docs/product.md#screens: name, else username, else the part of the e-mail before '@', else 'User'. */
export function displayName(user: NamedUser | null | undefined): string {
  return nameOrUsername(user) || user?.email?.split('@')[0]?.trim() || 'User';
}

/**
 * Another member on a connection card or in a notice (docs/product.md#screens): name, else username;
 * 'Administrator' when they have no profile (a null actor, or neither field).
 */
export function memberName(member: Omit<NamedUser, 'email'> | null | undefined): string {
  return nameOrUsername(member) || MEMBER_FALLBACK_NAME;
}

/** The letter shown in place of a missing profile picture. */
export function initial(user: NamedUser | null | undefined): string {
  return displayName(user).charAt(0).toUpperCase();
}
