import { isErrorCode, type ErrorCode } from '@common/error-codes';
import { TEXTS } from '@common/texts';
import { firstPaint } from './first-paint';

/**
 * An HTTP failure carrying the status and the server's `message`, `code`, `field` and `fields`
 * (docs/api.md error body). The message is for people; code and fields are what the client
 * branches on (ADR 121). `code` is undefined when the answer had no error body of ours (a proxy
 * page); status 0 (nothing answered) is `offline` or `network_failure`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** Every request field at fault, the first one first; empty when the refusal names none. */
  readonly fields: readonly string[];

  constructor(status: number, message: string, details: { code?: ErrorCode; fields?: readonly string[] } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = details.code;
    this.fields = details.fields ?? [];
  }

  /** The request field at fault, or the first of several. */
  get field(): string | undefined {
    return this.fields[0];
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Reads `{ statusCode, error, message, code, field?, fields? }`; no message becomes the generic failure text. */
export async function toApiError(response: Response): Promise<ApiError> {
  let message: string = TEXTS.genericFailure;
  let code: ErrorCode | undefined;
  let fields: string[] = [];
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object') {
      const { message: candidate, code: sentCode, field, fields: sentFields } = body as Record<string, unknown>;
      if (typeof candidate === 'string' && candidate.trim()) message = candidate;
      if (isErrorCode(sentCode)) code = sentCode;
      fields = stringsOf(sentFields);
      if (typeof field === 'string' && !fields.includes(field)) fields.unshift(field);
    }
  } catch {
    // Not JSON (proxy error page, empty body): keep the generic text, no code.
  }
  return new ApiError(response.status, message, { code, fields });
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A change is never sent offline (ADR 071): it fails at once with a message saying nothing was
 * sent, and the form that asked keeps what was typed. Reads go on: the service worker answers
 * them from the member's offline copy.
 */
function refuseOffline(method: Method) {
  if (method !== 'GET' && isOffline()) throw new ApiError(0, TEXTS.offlineNotSent, { code: 'offline' });
}

/** No answer at all: offline (the connection went mid-request), or the server is not reachable. */
const networkFailure = (method: Method) =>
  method !== 'GET' && isOffline()
    ? new ApiError(0, TEXTS.offlineNotSent, { code: 'offline' })
    : new ApiError(0, TEXTS.genericFailure, { code: 'network_failure' });

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  // The page's HTML may already hold this response (first-paint.ts): no round trip for it.
  const inlined = method === 'GET' ? firstPaint.take(path) : undefined;
  if (inlined) return inlined.body as T;
  const headers: Record<string, string> = { accept: 'application/json' };
  // Every state-changing request carries the cross-site protection header (docs/api.md).
  if (method !== 'GET') headers['x-waymark-csrf'] = '1';
  // Only declare JSON when there is a body: Fastify refuses an empty JSON body.
  if (body !== undefined) headers['content-type'] = 'application/json';

  refuseOffline(method);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw networkFailure(method);
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Multipart POST (file uploads): the browser sets the multipart content type and boundary. */
async function upload<T>(path: string, formData: FormData): Promise<T> {
  refuseOffline('POST');
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-waymark-csrf': '1' },
      credentials: 'same-origin',
      body: formData,
    });
  } catch {
    throw networkFailure('POST');
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  upload,
};

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : TEXTS.genericFailure;
}

/**
 * The server's own message when it sent one, else the screen's fallback text
 * (docs/product.md#texts-word-for-word). A 500 (`internal_error`) says nothing more than the
 * fallback; offline says nothing was sent.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === 'offline') return error.message;
  if (error.status !== 0 && error.code !== undefined && error.code !== 'internal_error') return error.message;
  return fallback;
}
