/**
 * Passkeys (issue 24, ADR 077): the WebAuthn ceremonies' payloads and the member's list. The
 * browser's responses are checked here for shape and size only; their meaning is checked by
 * SimpleWebAuthn on the server.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { PASSKEY_LIMITS, PASSKEY_TEXTS } from '../passkey-texts';
import { singleLine } from './common';

export { PASSKEY_LIMITS, PASSKEY_TEXTS };

/** base64url text of at most `max` characters (the ceremonies' binary fields); a browser never sends other. */
const base64url = (max: number) =>
  z
    .string()
    .min(1, PASSKEY_TEXTS.notVerified)
    .max(max, PASSKEY_TEXTS.notVerified)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PASSKEY_TEXTS.notVerified);
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

export const PasskeyNameSchema = singleLine(
  z.string().trim().min(1, PASSKEY_TEXTS.nameRequired).max(PASSKEY_LIMITS.nameMaxLength, PASSKEY_TEXTS.nameTooLong),
);

const credentialBase = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** A RegistrationResponseJSON as @simplewebauthn/browser sends it (attestation 'none' is small). */
export const RegistrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** An AuthenticationResponseJSON as @simplewebauthn/browser sends it. */
export const AuthenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(1024),
    userHandle: base64url(256).optional(),
  }),
});

/**
 * POST /api/auth/passkeys/registration-options: the current password first, as for an e-mail
 * change (ADR 077): a stolen session alone cannot plant a passkey that outlives a password change.
 */
export const PasskeyRegistrationOptionsSchema = z.object({
  currentPassword: z.string().min(1, TEXTS.currentPasswordRequired).max(LIMITS.passwordMaxLength),
});
export type PasskeyRegistrationOptions = z.infer<typeof PasskeyRegistrationOptionsSchema>;

/** POST /api/auth/passkeys: the browser's answer to the registration options, and an optional name. */
export const AddPasskeySchema = z.object({ response: RegistrationResponseSchema, name: PasskeyNameSchema.optional() });
export type AddPasskey = z.infer<typeof AddPasskeySchema>;

/** PATCH /api/auth/passkeys/:id */
export const RenamePasskeySchema = z.object({ name: PasskeyNameSchema });
export type RenamePasskey = z.infer<typeof RenamePasskeySchema>;

/** POST /api/auth/passkey-sign-in */
export const PasskeySignInSchema = z.object({ response: AuthenticationResponseSchema });
export type PasskeySignIn = z.infer<typeof PasskeySignInSchema>;

/** One of the member's passkeys as the profile lists it (never the key or the credential id). */
export const PasskeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by its provider (iCloud Keychain, Google Password Manager...) rather than bound to one device. */
  isBackedUp: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ items: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/**
 * The options the browser passes to navigator.credentials.create/get, as JSON (WebAuthn's
 * PublicKeyCredential{Creation,Request}OptionsJSON); passed through as SimpleWebAuthn makes them.
 */
export const WebAuthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebAuthnOptions = z.infer<typeof WebAuthnOptionsSchema>;
