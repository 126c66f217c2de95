import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '@common/texts';
import { ApiError, api, serverMessageOr, toApiError } from './api-client';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('toApiError', () => {
  it('carries the status and the server message', async () => {
    const error = await toApiError(jsonResponse(409, { statusCode: 409, error: 'Conflict', message: 'User already registered' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('User already registered');
  });
  it('carries the code and the fields, the single field first (ADR 121)', async () => {
    const taken = { statusCode: 409, error: 'Conflict', message: 'User already registered', code: 'email_taken', field: 'email' };
    const error = await toApiError(jsonResponse(409, taken));
    expect(error).toMatchObject({ code: 'email_taken', field: 'email', fields: ['email'] });
    const several = { statusCode: 400, message: 'x', code: 'invalid_field', field: 'title', fields: ['title', 'city'] };
    expect(await toApiError(jsonResponse(400, several))).toMatchObject({ field: 'title', fields: ['title', 'city'] });
  });
  it('falls back to the generic text and no code when the body is not the error shape', async () => {
    const proxy = await toApiError(new Response('<html>', { status: 502 }));
    expect(proxy).toMatchObject({ message: TEXTS.genericFailure, code: undefined, field: undefined, fields: [] });
    expect((await toApiError(jsonResponse(500, { oops: 1 }))).message).toBe(TEXTS.genericFailure);
    expect((await toApiError(jsonResponse(400, { message: 'x', code: 'not_a_code' }))).code).toBeUndefined();
  });
});

/** What a test reads of the RequestInit the client handed to fetch. */
interface SentInit {
  method?: string;
  headers: Record<string, string | undefined>;
  credentials?: string;
  body?: unknown;
}
const sentInit = (fetchMock: { mock: { calls: unknown[] } }, call: number) =>
  (fetchMock.mock.calls as [string, SentInit][])[call]![1];

describe('api', () => {
  it('sends the CSRF header and JSON on writes only', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { ok: true })));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/api/x', { a: 1 });
    await api.post('/api/y');
    await api.get('/api/z');
    const postInit = sentInit(fetchMock, 0);
    expect(postInit.headers['x-waymark-csrf']).toBe('1');
    expect(postInit.headers['content-type']).toBe('application/json');
    expect(postInit.credentials).toBe('same-origin');
    expect(postInit.body).toBe('{"a":1}');
    const emptyInit = sentInit(fetchMock, 1);
    expect(emptyInit.headers['content-type']).toBeUndefined();
    expect(emptyInit.headers['x-waymark-csrf']).toBe('1');
    const getInit = sentInit(fetchMock, 2);
    expect(getInit.headers['x-waymark-csrf']).toBeUndefined();
  });
  it('returns undefined on 204 and throws ApiError on failures', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));
    await expect(api.post('/api/auth/sign-out')).resolves.toBeUndefined();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await expect(api.get('/api/auth/me')).rejects.toMatchObject({
      status: 0,
      message: TEXTS.genericFailure,
      code: 'network_failure',
    });
  });
});

describe('offline (ADR 071)', () => {
  it('refuses a change before sending it, with a message that says nothing was sent; reads still go out', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { ok: true })));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('navigator', { onLine: false });
    await expect(api.post('/api/likes/toggle', { contentType: 'tip', contentId: 'x' })).rejects.toMatchObject({
      status: 0,
      message: TEXTS.offlineNotSent,
      code: 'offline',
    });
    await expect(api.upload('/api/uploads/tip-photos', new FormData())).rejects.toMatchObject({ message: TEXTS.offlineNotSent });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('/api/z')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const refused = await api.delete('/api/tips/x').catch((error: unknown) => error);
    expect(serverMessageOr(refused, 'Failed to delete tip')).toBe(TEXTS.offlineNotSent);
    vi.unstubAllGlobals();
  });
});

describe('api.upload', () => {
  it('posts the form data with the CSRF header and no JSON content type', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(201, { urls: ['/api/media/a'] })));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('photos', new Blob(['x']), 'a.png');
    await expect(api.upload('/api/uploads/tip-photos', form)).resolves.toEqual({ urls: ['/api/media/a'] });
    const init = sentInit(fetchMock, 0);
    expect(init.method).toBe('POST');
    expect(init.headers['x-waymark-csrf']).toBe('1');
    expect(init.headers['content-type']).toBeUndefined();
    expect(init.body).toBe(form);
  });
  it('maps failures like every other request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(415, { statusCode: 415, error: 'x', message: 'Upload Error: not an image' })),
    );
    await expect(api.upload('/api/uploads/tip-photos', new FormData())).rejects.toMatchObject({
      status: 415,
      message: 'Upload Error: not an image',
    });
  });
});

describe('serverMessageOr', () => {
  it('prefers the server message and falls back otherwise', () => {
    expect(serverMessageOr(new ApiError(403, 'You cannot like your own content', { code: 'forbidden' }), 'Failed')).toBe(
      'You cannot like your own content',
    );
    expect(serverMessageOr(new ApiError(0, TEXTS.genericFailure, { code: 'network_failure' }), 'Failed')).toBe('Failed');
    expect(serverMessageOr(new ApiError(502, TEXTS.genericFailure), 'Failed')).toBe('Failed');
    expect(serverMessageOr(new ApiError(500, TEXTS.genericFailure, { code: 'internal_error' }), 'Failed')).toBe('Failed');
    expect(serverMessageOr(new ApiError(503, TEXTS.databaseUnavailable, { code: 'database_unavailable' }), 'F')).toBe(
      TEXTS.databaseUnavailable,
    );
    expect(serverMessageOr(new Error('boom'), 'Failed')).toBe('Failed');
  });
});
