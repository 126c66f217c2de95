import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEXTS } from '@common/texts';
import { ConflictError, NotFoundError } from '../lib/errors';
import { errorBody, errorHandlerPlugin, isDatabaseUnreachable, sendFrameworkError } from './error-handler';

const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnreachable', () => {
  it('recognises a lost connection by code or message anywhere along the cause chain', () => {
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('no route'), { code: '08006' })))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    const refused = new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]);
    expect(isDatabaseUnreachable(wrapped(refused))).toBe(true);
  });

  it('leaves query errors alone', () => {
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
  });
});

describe('the error body (ADR 121)', () => {
  async function appWith(throwing: () => never) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandlerPlugin);
    const Body = z.object({ title: z.string().min(1, 'Please fill in title'), city: z.string(), tags: z.array(z.string()) });
    app.withTypeProvider<ZodTypeProvider>().post('/form', { schema: { body: Body } }, () => ({ ok: true }));
    app.get('/throw', () => throwing());
    return app;
  }

  it('carries the code and field of a typed error, the class default otherwise', async () => {
    const taken = await appWith(() => {
      throw new ConflictError('This username is already taken', { code: 'username_taken', field: 'username' });
    });
    expect((await taken.inject({ method: 'GET', url: '/throw' })).json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'This username is already taken',
      code: 'username_taken',
      field: 'username',
    });
    const missing = await appWith(() => {
      throw new NotFoundError('Tip not found');
    });
    expect((await missing.inject({ method: 'GET', url: '/throw' })).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Tip not found',
      code: 'not_found',
    });
    // The app's not-found handler (web-client.ts) sends errorBody: the status's code.
    expect(errorBody(404, 'No route GET /api/nowhere')).toMatchObject({ code: 'not_found' });
    await Promise.all([taken.close(), missing.close()]);
  });

  it('names every bad field of a refused form, keeping the first issue message word for word', async () => {
    const app = await appWith(() => {
      throw new Error('unused');
    });
    const several = await app.inject({ method: 'POST', url: '/form', payload: { title: '', tags: ['ok', 7] } });
    expect(several.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Please fill in title',
      code: 'invalid_field',
      field: 'title',
      fields: ['title', 'city', 'tags.1'],
    });
    const one = await app.inject({ method: 'POST', url: '/form', payload: { title: 'x', tags: [] } });
    expect(one.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'city is missing or not valid',
      code: 'invalid_field',
      field: 'city',
    });
    await app.close();
  });

  it('answers a 500 with internal_error and nothing of the cause', async () => {
    const app = await appWith(() => {
      throw new Error('secret detail');
    });
    const res = await app.inject({ method: 'GET', url: '/throw' });
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: TEXTS.genericFailure,
      code: 'internal_error',
    });
    await app.close();
  });

  it("answers URLs Fastify refuses before routing with our body, not Fastify's own code", async () => {
    const app = Fastify({ logger: false, frameworkErrors: sendFrameworkError, maxParamLength: 10 });
    await app.register(errorHandlerPlugin);
    app.get('/items/:id', () => ({ ok: true }));
    const bad = await app.inject({ method: 'GET', url: '/items/%ZZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'bad_request' });
    const long = await app.inject({ method: 'GET', url: `/items/${'x'.repeat(20)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ statusCode: 414, error: 'URI Too Long', code: 'bad_request' });
    await app.close();
  });
});
