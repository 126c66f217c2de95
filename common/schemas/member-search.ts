/** GET /api/members?q=: members found by a part of their name or handle (issue 36, ADR 105). */
import { z } from 'zod';

export const MemberSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Search text is required').max(100),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type MemberSearchQuery = z.infer<typeof MemberSearchQuerySchema>;

/** What a search result says of a member: never their e-mail (docs/product.md#profiles). */
export const MemberResultSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  country: z.string().nullable(),
});
export type MemberResult = z.infer<typeof MemberResultSchema>;
