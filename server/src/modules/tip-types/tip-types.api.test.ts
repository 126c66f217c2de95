import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TipType } from '@common/schemas/tip-type';
import { TEXTS } from '@common/texts';
import { SEEDED_TIP_TYPES } from '@common/lists/tip-types';
import { type TestApp, createTestApp } from '@server-test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/tip-types', () => {
  it('is 401 anonymous and 403 for a pending account', async () => {
    const anonymous = await t.call('GET', '/api/tip-types');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: TEXTS.signInRequired,
      code: 'unauthorized',
    });
    const pending = await t.createMember('pending');
    const asPending = await t.call('GET', '/api/tip-types', { cookie: pending.cookie });
    expect(asPending.statusCode).toBe(403);
    expect(asPending.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: TEXTS.accountPendingActivation,
      code: 'forbidden',
    });
  });

  it.each(['user', 'admin'] as const)('gives a %s the eight seeded types ordered by name', async (role) => {
    const cookie = role === 'admin' ? await t.signInAdmin() : (await t.createMember('user')).cookie;
    const res = await t.call('GET', '/api/tip-types', { cookie });
    expect(res.statusCode).toBe(200);
    const types = res.json<TipType[]>();
    expect(types.map((tt) => tt.name)).toEqual([
      'Attraction',
      'Culture',
      'Hotel',
      'Nature',
      'Nightlife',
      'Restaurant',
      'Shopping',
      'Transportation',
    ]);
    for (const type of types) {
      expect(type.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(type.color).toBe(SEEDED_TIP_TYPES.find((s) => s.name === type.name)?.color);
      expect(Number.isNaN(Date.parse(type.createdAt))).toBe(false);
    }
  });
});
