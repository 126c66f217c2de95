import type { FastifyRequest } from 'fastify';
import { AppError, BadRequestError } from '@server/lib/errors';
import { MEDIA_TEXTS, PayloadTooLargeError } from './media.errors';

/**
 * A multipart request the parser can read: multipart/form-data WITH its boundary. Without one
 * the parser throws a plain error (a 500); the upload routes answer 415 instead (fuzz, issue 6).
 */
export function isReadableMultipart(request: FastifyRequest): boolean {
  return request.isMultipart() && /;\s*boundary=\S/i.test(request.headers['content-type'] ?? '');
}

/** A route's own texts for the limits the parser enforces. */
export interface MultipartTexts {
  tooLarge: string;
  tooMany: string;
  wrongField: string;
}

/**
 * The 4xx an error met while reading a multipart body stands for. Our own refusals pass through;
 * the parser's limit errors get the route's texts; anything else the parser throws (the body
 * ends before its closing boundary, a part is cut mid-file, the boundary is not the declared
 * one, the client went away mid-upload) is a broken request, not a server fault: 400, never 500
 * (issue 19). Only errors from reading the body may reach this: the caller wraps nothing else.
 */
export function multipartError(error: unknown, texts: MultipartTexts): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLargeError(texts.tooLarge);
  if (code === 'FST_FILES_LIMIT') return new BadRequestError(texts.tooMany);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new BadRequestError(texts.wrongField);
  return new BadRequestError(MEDIA_TEXTS.brokenUpload);
}
