import { z } from 'zod';

/**
 * The live stream (GET /api/events, Server-Sent Events, DECISIONS A3). Each event names what
 * changed; the client refetches the matching queries. The first event on every stream is
 * `ready` (the confirmation the client waits up to 5 s for before polling).
 */
export const LIVE_EVENT_TYPES = ['ready', 'notifications', 'connections', 'system-messages'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/**
 * The last event of a stream whose session ended (sign-out, password change, role change,
 * deletion, expiry; docs/decisions/034): the client stops reconnecting and asks who is signed in.
 */
export const SESSION_ENDED_EVENT = 'session-ended';

/** GET /api/events/open: the caller's open streams in the answering process. */
export const OpenStreamsSchema = z.object({ member: z.number().int().min(0), session: z.number().int().min(0) });
export type OpenStreams = z.infer<typeof OpenStreamsSchema>;
