/**
 * Two-factor authentication (issue 24, ADR 075): setting it up from Security Settings, the
 * recovery codes, turning it off, and proving a second factor (here and at sign-in). Every
 * code is spent in one statement, so it works once however many requests race with it.
 */
import { type RecoveryCodes, TWO_FACTOR_TEXTS, type TwoFactorSetup, type TwoFactorStatus } from '@common/schemas/two-factor';
import type { Database, Executor } from '@db/client';
import { BadRequestError, ConflictError } from '@server/lib/errors';
import { findPasswordHash } from '../auth/auth.repository';
import { verifyPassword } from '../auth/password-hasher';
import type { Viewer } from '../auth/viewer';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import type { SecretBox } from './secret-box';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';
import * as repo from './two-factor.repository';

/** A proven second factor: a code from the app, or a recovery code (normalized by RecoveryCodeSchema). */
export interface Factor {
  code?: string;
  recoveryCode?: string;
}

export interface TwoFactorDeps {
  db: Database;
  box: SecretBox;
  requireAdminTwoFactor: boolean;
}

export function createTwoFactorService({ db, box, requireAdminTwoFactor }: TwoFactorDeps) {
  async function checkPassword(userId: string, password: string): Promise<void> {
    const hash = await findPasswordHash(db, userId);
    if (!(await verifyPassword({ hash: hash ?? '', password }))) {
      throw new BadRequestError(TWO_FACTOR_TEXTS.passwordWrong, { code: 'current_password_wrong', field: 'password' });
    }
  }

  /** The step of `code` for the member's secret, enabled or (`isEnabled` false) waiting for its first code. */
  async function stepOf(executor: Executor, userId: string, code: string, isEnabled: boolean): Promise<number> {
    const secret = await repo.findSecret(executor, userId);
    if (!secret || (secret.enabledAt !== null) !== isEnabled) {
      if (isEnabled) throw new BadRequestError(TWO_FACTOR_TEXTS.notEnabled);
      throw secret
        ? new ConflictError(TWO_FACTOR_TEXTS.alreadyEnabled)
        : new BadRequestError(TWO_FACTOR_TEXTS.setupMissing, { code: 'two_factor_setup_missing', field: 'code' });
    }
    const step = matchingStep(await box.open(secret.secretEncrypted), code);
    if (step === null) throw new BadRequestError(TWO_FACTOR_TEXTS.codeWrong, { code: 'two_factor_code_wrong', field: 'code' });
    return step;
  }

  /** Proves a code of the enabled secret, spending its step (no replay). */
  async function proveCode(executor: Executor, userId: string, code: string): Promise<void> {
    const step = await stepOf(executor, userId, code, true);
    if (!(await repo.claimStep(executor, userId, step, true))) {
      throw new BadRequestError(TWO_FACTOR_TEXTS.codeUsed, { code: 'two_factor_code_used', field: 'code' });
    }
  }

  /** Proves either factor; a recovery code is spent. Throws a 400 naming what was wrong. */
  async function proveFactor(executor: Executor, userId: string, factor: Factor): Promise<void> {
    if (factor.code !== undefined) return proveCode(executor, userId, factor.code);
    if (!(await repo.isEnabled(executor, userId))) throw new BadRequestError(TWO_FACTOR_TEXTS.notEnabled);
    const isSpent = await repo.spendRecoveryCode(executor, userId, hashRecoveryCode(factor.recoveryCode ?? ''));
    if (!isSpent) {
      throw new BadRequestError(TWO_FACTOR_TEXTS.recoveryCodeWrong, { code: 'recovery_code_wrong', field: 'recoveryCode' });
    }
  }

  async function status(viewer: Viewer): Promise<TwoFactorStatus> {
    const secret = await repo.findSecret(db, viewer.userId);
    const enabledAt = secret?.enabledAt ?? null;
    return {
      isEnabled: enabledAt !== null,
      isRequired: isRequiredFor(viewer),
      enabledAt: enabledAt ? new Date(enabledAt).toISOString() : null,
      recoveryCodesLeft: enabledAt ? await repo.countRecoveryCodesLeft(db, viewer.userId) : 0,
    };
  }

  function isRequiredFor(viewer: Pick<Viewer, 'role'>): boolean {
    return requireAdminTwoFactor && viewer.role === 'admin';
  }

  /** REQUIRE_ADMIN_2FA: an admin whose two-factor is not on may not use admin routes yet (ADR 076). */
  async function isMissingFor(viewer: Viewer): Promise<boolean> {
    return isRequiredFor(viewer) && !(await repo.isEnabled(db, viewer.userId));
  }

  /** A new secret for the app to scan; it works only once confirmed with a code (enable). */
  async function startSetup(viewer: Viewer, password: string): Promise<TwoFactorSetup> {
    await checkPassword(viewer.userId, password);
    const secret = newTotpSecret();
    if (!(await repo.savePendingSecret(db, viewer.userId, await box.seal(secret)))) {
      throw new ConflictError(TWO_FACTOR_TEXTS.alreadyEnabled);
    }
    return { secret, otpauthUri: otpauthUri(secret, viewer.email) };
  }

  /** The first right code turns two-factor on; the recovery codes are returned this once. */
  async function enable(viewer: Viewer, code: string): Promise<RecoveryCodes> {
    const { codes, hashes } = newRecoveryCodes();
    await db.transaction(async (tx) => {
      const step = await stepOf(tx, viewer.userId, code, false);
      // Lost only to a request that turned it on with this code a moment ago.
      if (!(await repo.claimStep(tx, viewer.userId, step, false))) throw new ConflictError(TWO_FACTOR_TEXTS.alreadyEnabled);
      await repo.replaceRecoveryCodes(tx, viewer.userId, hashes);
    });
    return { recoveryCodes: codes };
  }

  /** Ten new recovery codes for a current code; the old ones stop working. */
  async function regenerateRecoveryCodes(viewer: Viewer, code: string): Promise<RecoveryCodes> {
    const { codes, hashes } = newRecoveryCodes();
    await db.transaction(async (tx) => {
      await proveCode(tx, viewer.userId, code);
      await repo.replaceRecoveryCodes(tx, viewer.userId, hashes);
    });
    return { recoveryCodes: codes };
  }

  /** Needs the password and a second factor; the secret and every recovery code go. */
  async function disable(viewer: Viewer, body: Factor & { password: string }): Promise<void> {
    await checkPassword(viewer.userId, body.password);
    await db.transaction(async (tx) => {
      await proveFactor(tx, viewer.userId, body);
      await repo.deleteTwoFactor(tx, viewer.userId);
    });
  }

  return {
    status,
    isMissingFor,
    startSetup,
    enable,
    regenerateRecoveryCodes,
    disable,
    proveFactor: (userId: string, factor: Factor) => proveFactor(db, userId, factor),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
