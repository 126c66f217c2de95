import type { Role } from '@common/schemas/auth';

/** What the shell needs to know about the signed-in user (the app passes it in). */
export type ShellUser = {
  email: string;
  role: Role;
  name: string | null;
  username: string | null;
  profilePictureUrl: string | null;
};
