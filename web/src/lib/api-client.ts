import { TEXTS } from '@common/texts';
import { firstPaint } from './first-paint';

/** An HTTP failure carrying the status and the server's `message` (docs/api.md error body). */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Reads `{ statusCode, error, message }`; anything else becomes the generic failure text. */
export async function toApiError(response: Response): Promise<ApiError> {
  let message: string = TEXTS.genericFailure;
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body) {
      const candidate = body.message;
      if (typeof candidate === 'string' && candidate.trim()) message = candidate;
    }
  } catch {
    // Not JSON (proxy error page, empty body): keep the generic text.
  }
  return new ApiError(response.status, message);
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A change is never sent offline (ADR 071): it fails at once with a message saying nothing was
 * sent, and the form that asked keeps what was typed. Reads go on: the service worker answers
 * them from the member's offline copy.
 */
function refuseOffline(method: Method) {
  if (method !== 'GET' && isOffline()) throw new ApiError(0, TEXTS.offlineNotSent);
}

/** No answer at all: offline (the connection went mid-request), or the server is not reachable. */
const networkFailure = (method: Method) =>
  new ApiError(0, method !== 'GET' && isOffline() ? TEXTS.offlineNotSent : TEXTS.genericFailure);

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

/** The server's own message when it sent one, else the screen's fallback text (docs/product.md#texts-word-for-word). */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message === TEXTS.offlineNotSent) return error.message;
  if (error instanceof ApiError && error.status !== 0 && error.message !== TEXTS.genericFailure) return error.message;
  return fallback;
}
