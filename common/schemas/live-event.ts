/**
 * The live stream (GET /api/events, Server-Sent Events, DECISIONS A3). Each event names what
 * changed; the client refetches the matching queries. The first event on every stream is
 * `ready` (the confirmation the client waits up to 5 s for before polling).
 */
export const LIVE_EVENT_TYPES = ['ready', 'notifications', 'connections', 'system-messages'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
