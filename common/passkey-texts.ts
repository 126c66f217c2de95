/**
 * Passkey texts and limits (ADR 077), without zod. The sign-in page's first load takes only
 * PASSKEY_SIGN_IN_TEXTS (its budget is tight); the rest is read where passkeys are managed.
 */
export const PASSKEY_SIGN_IN_TEXTS = {
  cancelled: 'The passkey prompt was closed. Nothing changed.',
  unsupported: "This browser can't use passkeys. Sign in with your email and password instead.",
  signInFailed: 'Signing in with a passkey failed. Please try again.',
} as const;

export const PASSKEY_TEXTS = {
  ...PASSKEY_SIGN_IN_TEXTS,
  nameRequired: 'Please give the passkey a name.',
  nameTooLong: 'A passkey name can be at most 60 characters long.',
  challengeExpired: 'This passkey request has expired or was already used. Please try again.',
  notVerified: 'Your passkey could not be verified. Please try again.',
  unknownPasskey: 'This passkey is not registered with Waymark (it may have been removed). Sign in with your email and password.',
  alreadyRegistered: 'This passkey is already registered.',
  alreadyOnDevice: 'This device or password manager already holds a passkey for your account.',
  tooMany: 'You can have at most 20 passkeys. Remove one before adding another.',
  notFound: 'Passkey not found',
  added: 'Passkey added. You can now sign in with it.',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  unsupportedHere: "This browser can't create or use passkeys. Try a recent browser on a device with a screen lock.",
  addFailed: 'The passkey could not be added. Please try again.',
} as const;

export const PASSKEY_LIMITS = { nameMaxLength: 60, perMember: 20 } as const;
