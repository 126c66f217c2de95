import type { ModerationAction, ModerationResultSchema } from '@common/schemas/moderation';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * POST /api/admin/moderation: one admin action. Shared by the admin feature's Reports tab and
 * the "Unhide" notice on a hidden tip's or guide's own page (components cannot import features).
 */
export function postModeration(action: ModerationAction) {
  return api.post<z.infer<typeof ModerationResultSchema>>('/api/admin/moderation', action);
}
