/**
 * The browser side of passkeys (ADR 077). @simplewebauthn/browser is loaded only when a member
 * starts a ceremony (a click), never with the sign-in page (tests/e2e/bundle-budget.spec.ts).
 */
import * as React from 'react';
import type { WebAuthnOptions } from '@common/schemas/passkey';

/** Whether this browser can create and use passkeys at all (insecure origins and old browsers cannot). */
export function isWebAuthnAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Asks the browser for a new passkey for the options the server made; the answer to send back. */
export async function createPasskeyCredential(options: WebAuthnOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as never });
}

/** Asks the browser to sign the server's challenge with one of its passkeys for this site. */
export async function getPasskeyAssertion(options: WebAuthnOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options });
}

/**
 * How a ceremony ended without an answer: the person closed the prompt or it timed out
 * (NotAllowedError, AbortError: browsers do not say which, on purpose), the authenticator already
 * holds a passkey for this account (InvalidStateError), or something else.
 */
export function ceremonyFailureOf(error: unknown): 'cancelled' | 'alreadyRegistered' | 'other' {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'InvalidStateError') return 'alreadyRegistered';
  return 'other';
}

const noSubscription = () => () => undefined;

/** isWebAuthnAvailable for a component; assumed true while drawn by the server, so nothing flashes. */
export function useIsWebAuthnAvailable(): boolean {
  return React.useSyncExternalStore(noSubscription, isWebAuthnAvailable, () => true);
}
