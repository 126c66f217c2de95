/**
 * The live stream's event names (GET /api/events, Server-Sent Events, docs/product.md#live-updates), apart from
 * the schemas so the client's always-loaded live code does not bring zod into the sign-in page's
 * JavaScript (tests/e2e/bundle-budget.spec.ts). Each event names what changed; the client
 * refetches the matching queries. The first event on every stream is `ready` (the confirmation
 * the client waits up to 5 s for before polling).
 */
export const LIVE_EVENT_TYPES = ['ready', 'notifications', 'connections', 'system-messages'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/**
 * The last event of a stream whose session ended (sign-out, password change, role change,
 * deletion, expiry; ADR 034): the client stops reconnecting and asks who is signed in.
 */
export const SESSION_ENDED_EVENT = 'session-ended';
