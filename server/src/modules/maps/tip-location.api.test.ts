import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_TEXTS, type LocateResult } from '@common/schemas/map';
import type { Tip } from '@common/schemas/tip';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { testCountryPoint } from '@server-test/test-gazetteer';
import { LOCATOR_TEXTS } from './tip-locator';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const tipBody = (o: Record<string, unknown> = {}) => ({
  title: 'A tip',
  description: 'Worth it.',
  country: 'Portugal',
  city: 'Lisbon',
  ...o,
});
const EIFFEL = 'https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2944813,17z';

describe('where a tip is: its link, its city, its pin', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let pending: Member;

  async function create(body: Record<string, unknown>) {
    return t.call('POST', '/api/tips', { cookie: alice.cookie, body: tipBody(body) });
  }
  async function locate(params: Record<string, string>, member = alice) {
    return t.call('GET', `/api/map/locate?${new URLSearchParams(params).toString()}`, { cookie: member.cookie });
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createMember('user', 'Alice Author');
    bob = await t.createMember('user', 'Bob Browser');
    pending = await t.createMember('pending');
  });
  afterAll(() => t.close());

  it('reads the maps link first (exact), then the city (city), else its country (country, ADR 101)', async () => {
    const linked = (await create({ country: 'France', city: 'Paris', googleMapsUrl: EIFFEL })).json<Tip>();
    expect(linked.location).toEqual({ latitude: 48.85837, longitude: 2.294481, precision: 'exact' });
    const city = (await create({})).json<Tip>();
    expect(city.location).toEqual({ latitude: 38.71667, longitude: -9.13333, precision: 'city' });
    const short = (await create({ googleMapsUrl: 'https://maps.app.goo.gl/abc123' })).json<Tip>();
    expect(short.location?.precision).toBe('city');
    expect((await create({ city: 'Atlantis' })).json<Tip>().location).toEqual({
      ...testCountryPoint('Portugal'),
      precision: 'country',
    });
  });

  it('takes the member’s pin over both, and refuses a pin out of range with a field message', async () => {
    const pinned = (await create({ googleMapsUrl: EIFFEL, pin: { latitude: 38.7, longitude: -9.2 } })).json<Tip>();
    expect(pinned.location).toEqual({ latitude: 38.7, longitude: -9.2, precision: 'pin' });
    for (const [pin, message] of [
      [{ latitude: 91, longitude: 0 }, MAP_TEXTS.latitudeRange],
      [{ latitude: 0, longitude: -181 }, MAP_TEXTS.longitudeRange],
      [{ latitude: 'north', longitude: 0 }, MAP_TEXTS.latitudeRange],
    ] as const) {
      const res = await create({ pin });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it('keeps a pin through an edit without one, and places the tip again when the pin is removed', async () => {
    const tip = (await create({ pin: { latitude: 38.7, longitude: -9.2 } })).json<Tip>();
    const edit = (body: Record<string, unknown>) =>
      t.call('PUT', `/api/tips/${tip.id}`, { cookie: alice.cookie, body: tipBody(body) });
    expect((await edit({ title: 'Renamed' })).json<Tip>().location?.precision).toBe('pin');
    expect((await edit({ pin: null, city: 'Porto' })).json<Tip>().location).toEqual({
      latitude: 41.14961,
      longitude: -8.61099,
      precision: 'city',
    });
    expect((await edit({ city: 'Lisbon' })).json<Tip>().location?.latitude).toBe(38.71667);
  });

  it('previews the place for the form and warns when the link lies in another country', async () => {
    const ok = (await locate({ country: 'France', city: 'Paris', mapsUrl: EIFFEL })).json<LocateResult>();
    expect(ok).toEqual({ location: { latitude: 48.85837, longitude: 2.294481, precision: 'exact' }, warning: null });
    const wrong = (await locate({ country: 'Portugal', city: 'Lisbon', mapsUrl: EIFFEL })).json<LocateResult>();
    expect(wrong.warning).toBe(LOCATOR_TEXTS.otherCountry('France', 'Portugal'));
    expect((await locate({ country: 'Japan', city: 'Kyoto' })).json<LocateResult>().location?.precision).toBe('city');
    expect((await locate({ country: 'Japan', city: 'Nowhere' })).json<LocateResult>()).toEqual({
      location: { ...testCountryPoint('Japan'), precision: 'country' },
      warning: null,
    });
  });

  it('refuses the preview to visitors, pending accounts and a country not on the list', async () => {
    expect((await t.call('GET', '/api/map/locate?country=France&city=Paris')).statusCode).toBe(401);
    expect((await locate({ country: 'France', city: 'Paris' }, pending)).statusCode).toBe(403);
    const res = await locate({ country: 'Atlantis', city: 'Paris' }, bob);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please choose a country from the list');
  });
});
