import type { Role } from '@common/schemas/auth';

/** Who is calling: resolved from the session cookie, with the role read fresh on every request. */
export interface Viewer {
  userId: string;
  email: string;
  role: Role;
  sessionId: string;
}
