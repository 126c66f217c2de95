import { z } from 'zod';

export const TipTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  createdAt: z.string(),
});
export type TipType = z.infer<typeof TipTypeSchema>;
