/** The admin who acted, kept by id and e-mail as they were (the audit log has no foreign keys). */
export interface Actor {
  userId: string;
  email: string;
}

/** The admin of a request, as the audit log records them. */
export const actorOf = (viewer: { userId: string; email: string }): Actor => ({ userId: viewer.userId, email: viewer.email });
