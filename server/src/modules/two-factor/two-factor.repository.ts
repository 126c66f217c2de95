import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { accounts, twoFactorRecoveryCodes, twoFactorSecrets, users } from '@db/schema';

export async function findSecret(db: Executor, userId: string) {
  const [row] = await db
    .select({ secretEncrypted: twoFactorSecrets.secretEncrypted, enabledAt: twoFactorSecrets.enabledAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId));
  return row ?? null;
}

export async function isEnabled(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)));
  return row !== undefined;
}

/**
 * A new secret waiting for its first code; replaces a setup never confirmed. False when two-factor
 * is already on (an enabled secret is never overwritten: turning it off comes first).
 */
export async function savePendingSecret(db: Executor, userId: string, secretEncrypted: string): Promise<boolean> {
  const rows = await db
    .insert(twoFactorSecrets)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorSecrets.enabledAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length === 1;
}

/**
 * Spends TOTP step `step` in one statement: only a step later than the last one used passes, so
 * a code used once, an earlier code, and the loser of two requests racing with one code are all
 * refused. `isEnabled`: whether the secret must be confirmed already (sign-in) or not yet (setup);
 * the first code of a setup also turns two-factor on.
 */
export async function claimStep(db: Executor, userId: string, step: number, isEnabled: boolean): Promise<boolean> {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step, ...(isEnabled ? {} : { enabledAt: new Date() }) })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        isEnabled ? isNotNull(twoFactorSecrets.enabledAt) : isNull(twoFactorSecrets.enabledAt),
        or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks the unused code with this hash used; false when there is none (wrong, or spent by now). */
export async function spendRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Turns two-factor off: the secret and every recovery code go. */
export async function deleteTwoFactor(db: Executor, userId: string): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
}

/** For sign-in: the account holding `email` (any case) when its two-factor is on, with its password hash. */
export async function findTwoFactorAccount(db: Executor, email: string) {
  const [row] = await db
    .select({ userId: twoFactorSecrets.userId, passwordHash: accounts.password })
    .from(twoFactorSecrets)
    .innerJoin(users, eq(users.id, twoFactorSecrets.userId))
    .leftJoin(accounts, and(eq(accounts.userId, twoFactorSecrets.userId), eq(accounts.providerId, 'credential')))
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(twoFactorSecrets.enabledAt)));
  return row ?? null;
}
