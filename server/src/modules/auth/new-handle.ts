/**
 * The profile a sign-up writes, with a handle made from the name (docs/product.md#profiles, ADR 026): never
 * the e-mail, unique whatever the case, `-2`, `-3`... when taken.
 */
import { randomInt } from 'node:crypto';
import { USERNAME_TEXTS, usernameCandidate, usernameFromName } from '@common/username';
import type { Transaction } from '@db/client';
import { isUniqueViolation } from '@db/pg-errors';
import { ConflictError } from '@server/lib/errors';
import * as repo from './auth.repository';

const ATTEMPTS = 5;

/**
 * Upserts the profile with the first free handle for `name`. Two sign-ups with one name at the
 * same moment can pick the same one: the loser's savepoint rolls back and it tries again, from
 * the third attempt with a random suffix so a crowd of namesakes stops colliding.
 */
export async function writeProfileWithHandle(
  tx: Transaction,
  values: { userId: string; name: string; country: string | null },
): Promise<string> {
  const base = usernameFromName(values.name);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const taken = await repo.takenUsernamesLike(tx, base);
    let n = attempt < 2 ? 1 : randomInt(2, 10_000);
    while (taken.has(usernameCandidate(base, n))) n += 1;
    const username = usernameCandidate(base, n);
    try {
      await tx.transaction((savepoint) => repo.upsertProfile(savepoint, { ...values, username }));
      return username;
    } catch (error) {
      // Only the username index can refuse it: the user_id conflict is the upsert's own.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new ConflictError(USERNAME_TEXTS.taken, { code: 'username_taken' });
}
