import { z } from 'zod';

export const SystemMessageSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type SystemMessage = z.infer<typeof SystemMessageSchema>;
