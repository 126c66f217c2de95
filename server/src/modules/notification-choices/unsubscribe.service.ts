/** One-click unsubscribe (ADR 090): a signed token turns e-mail off, no sign-in needed. */
import { NOTIFICATION_KINDS, PREFERENCE_TEXTS, type NotificationKind } from '@common/schemas/notification-preferences';
import type { Database } from '@db/client';
import { BadRequestError } from '@server/lib/errors';
import { readPreferences, userExists, writePreferences } from './preferences.repository';
import { verifyUnsubscribe } from './unsubscribe-token';

export function createUnsubscribeService(deps: { db: Database; secret: string }) {
  /** Turns e-mail off for the token's kind (or all kinds); in-app choices stay. Repeating it is harmless. */
  async function unsubscribe(token: string): Promise<{ kinds: NotificationKind[] }> {
    const signed = verifyUnsubscribe(deps.secret, token);
    if (!signed) throw new BadRequestError(PREFERENCE_TEXTS.unsubscribeInvalid);
    const kinds = signed.scope === 'all' ? [...NOTIFICATION_KINDS] : [signed.scope];
    await deps.db.transaction(async (tx) => {
      // A deleted account's token finds no user; writing would break the foreign key.
      if (!(await userExists(tx, signed.userId))) return;
      const current = await readPreferences(tx, signed.userId);
      await writePreferences(
        tx,
        signed.userId,
        current.filter((p) => kinds.includes(p.kind)).map((p) => ({ ...p, email: 'off' as const })),
      );
    });
    return { kinds };
  }
  return { unsubscribe };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
