import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { TEXTS } from '../texts';

/**
 * Every error the API returns has this body; the client shows `message` and branches on `code`
 * (ADR 121). `field` names the request field at fault; `fields` all of them when several are.
 */
export const ApiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  code: z.enum(ERROR_CODES),
  field: z.string().optional(),
  fields: z.array(z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const IdParamsSchema = z.object({ id: z.uuid('Not a valid id') });

/** Keyset page: `nextCursor` is opaque; pass it back as `cursor` for the next page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const PageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * Characters no text field stores (ADR 032): C0 controls other than tab, line feed and carriage
 * return; DEL and the C1 controls; the line and paragraph separators; and the bidirectional
 * embeddings, overrides and isolates that make text read differently from what it holds.
 */
const CONTROL_CHARACTERS =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069';
const NOT_SINGLE_LINE = new RegExp(`[\\t\\n\\r${CONTROL_CHARACTERS}]`);
const NOT_CLEAN_TEXT = new RegExp(`[${CONTROL_CHARACTERS}]`);

/** A name, title, city, place, tag...: one line, no tab, no control character. */
export const isSingleLineText = (value: string): boolean => !NOT_SINGLE_LINE.test(value);
/** A description, bio...: line breaks and tabs allowed, no other control character. */
export const isCleanMultiLineText = (value: string): boolean => !NOT_CLEAN_TEXT.test(value);

/** Adds the single-line rule to a string schema (after its trim, so a pasted trailing newline is dropped, not refused). */
export const singleLine = <T extends z.ZodString>(schema: T): T => schema.refine(isSingleLineText, TEXTS.notSingleLine);
/** Adds the multi-line rule to a string schema. */
export const multiLine = <T extends z.ZodString>(schema: T): T => schema.refine(isCleanMultiLineText, TEXTS.controlCharacter);
