type NamedUser = { name?: string | null; username?: string | null; email?: string | null };

/** SPEC 2: name, else username, else the part of the e-mail before '@', else 'User'. */
export function displayName(user: NamedUser | null | undefined): string {
  const name = user?.name?.trim();
  if (name) return name;
  const username = user?.username?.trim();
  if (username) return username;
  const local = user?.email?.split('@')[0]?.trim();
  if (local) return local;
  return 'User';
}

/** The letter shown in place of a missing profile picture. */
export function initial(user: NamedUser | null | undefined): string {
  return displayName(user).charAt(0).toUpperCase();
}
