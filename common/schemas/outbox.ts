import { z } from 'zod';

/** A message of the local outbox (docs/product.md#e-mail), as the admin panel lists it. */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  /** Headers beyond From, To and Subject, as SMTP would send them (e.g. List-Unsubscribe). */
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
