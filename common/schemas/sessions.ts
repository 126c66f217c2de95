import { z } from 'zod';

/** One of the member's live sessions, as Security Settings lists it (ADR 074). */
export const MemberSessionSchema = z.object({
  id: z.string(),
  /** From the user agent, e.g. "Firefox 133"; null when it names none. */
  browser: z.string().nullable(),
  /** e.g. "Windows 10", "iOS 18.1"; null when unknown. */
  os: z.string().nullable(),
  /** 'mobile', 'tablet' or null (a desktop's user agent names no device type). */
  deviceType: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type MemberSession = z.infer<typeof MemberSessionSchema>;

export const SessionPageSchema = z.object({ items: z.array(MemberSessionSchema), nextCursor: z.string().nullable() });
export type SessionPage = z.infer<typeof SessionPageSchema>;

export const SessionParamsSchema = z.object({ id: z.uuid() });

/** 200 of "Sign out everywhere else": how many sessions ended. */
export const OtherSessionsEndedSchema = z.object({ ended: z.number().int() });
export type OtherSessionsEnded = z.infer<typeof OtherSessionsEndedSchema>;
