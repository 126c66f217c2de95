/** The home screen's lists and first-run checklist (issue 21, ADRs 055-057). */
import { z } from 'zod';
import { ContentCardSchema } from './content';
import { pageSchema } from './common';

export { POPULAR_WINDOW_DAYS } from '../home-window';

/** Query of GET /api/home/feed and /api/home/popular: a keyset page. */
export const HomeQuerySchema = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
export type HomeQuery = z.infer<typeof HomeQuerySchema>;

export const HomePageSchema = pageSchema(ContentCardSchema);
export type HomePage = z.infer<typeof HomePageSchema>;

/** GET /api/home/checklist: what a new member has done of the four first steps. */
export const HomeChecklistSchema = z.object({
  hasPhoto: z.boolean(),
  hasCountry: z.boolean(),
  hasTip: z.boolean(),
  hasConnection: z.boolean(),
  /** Anything done yet (a tip, guide, like, save or connection): a member without is greeted as new. */
  hasActivity: z.boolean(),
});
export type HomeChecklist = z.infer<typeof HomeChecklistSchema>;
