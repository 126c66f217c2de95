import { z } from 'zod';

export { LIVE_EVENT_TYPES, type LiveEventType, SESSION_ENDED_EVENT } from '../live-event-names';

/** GET /api/events/open: the caller's open streams in the answering process. */
export const OpenStreamsSchema = z.object({ member: z.number().int().min(0), session: z.number().int().min(0) });
export type OpenStreams = z.infer<typeof OpenStreamsSchema>;
