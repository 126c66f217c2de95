import { describe, expect, it } from 'vitest';
import type { LocateResult, TipLocation } from '@common/schemas/map';
import {
  TIP_LOCATION_TEXTS as T,
  formatCoordinates,
  locateStatus,
  memberPinOf,
  precisionText,
  shownPoint,
  type LocateState,
} from './tip-location';

const at = (precision: TipLocation['precision'], latitude = 35.0116, longitude = 135.7681): TipLocation => ({
  latitude,
  longitude,
  precision,
});
const done = (location: TipLocation | null, warning: string | null = null): LocateState => ({
  kind: 'done',
  result: { location, warning },
});
const pin = { latitude: 35.02, longitude: 135.77 };

describe('locateStatus', () => {
  it('says where the fields put the tip', () => {
    expect(locateStatus(null, done(at('exact')), 'Kyoto')).toBe(T.fromLink);
    expect(locateStatus(null, done(at('city')), ' Kyoto ')).toBe('City centre of Kyoto');
    expect(locateStatus(null, done(null), 'Atlantis')).toBe(T.notPlaced);
  });
  it('says when a place is not found and the tip will be shown at its country (ADR 101)', () => {
    expect(locateStatus(null, done(at('country')), 'Piódão', 'Portugal')).toBe(
      'Place not found: shown on the map at Portugal unless you drop a pin',
    );
  });
  it('puts the member pin before anything the fields say', () => {
    for (const state of [done(at('exact')), done(null), { kind: 'pending' } as const, { kind: 'no-country' } as const]) {
      expect(locateStatus(pin, state, 'Kyoto')).toBe(T.memberPin);
    }
  });
  it('says when nothing can be asked yet, is being asked, or the question failed', () => {
    expect(locateStatus(null, { kind: 'no-country' }, '')).toBe(T.needsCountry);
    expect(locateStatus(null, { kind: 'pending' }, 'Kyoto')).toBe(T.finding);
    expect(locateStatus(null, { kind: 'failed' }, 'Kyoto')).toBe(T.lookupFailed);
  });
});

describe('shownPoint', () => {
  it('shows the member pin, else the located point, else nothing', () => {
    expect(shownPoint(pin, done(at('city')))).toEqual(pin);
    expect(shownPoint(null, done(at('city', 1, 2)))).toEqual({ latitude: 1, longitude: 2 });
    expect(shownPoint(null, done(null))).toBeNull();
    expect(shownPoint(null, { kind: 'failed' })).toBeNull();
  });
  it('keeps the previous answer on the map while the next one is asked', () => {
    const previous: LocateResult = { location: at('exact', 48.85837, 2.29448), warning: null };
    expect(shownPoint(null, { kind: 'pending', previous })).toEqual({ latitude: 48.85837, longitude: 2.29448 });
    expect(shownPoint(null, { kind: 'pending' })).toBeNull();
  });
});

describe('precisionText and memberPinOf', () => {
  it('names how exact the tip page pin is', () => {
    expect(precisionText(at('exact'), 'Kyoto', 'Japan')).toBe(T.exactPlace);
    expect(precisionText(at('city'), 'Kyoto', 'Japan')).toBe('Centre of Kyoto');
    expect(precisionText(at('pin'), 'Kyoto', 'Japan')).toBe(T.pinnedByAuthor);
    expect(precisionText(at('country'), 'Piódão', 'Portugal')).toBe('Shown on the map at Portugal, the place was not found');
  });
  it('takes only a pin the member dropped as theirs on the edit form', () => {
    expect(memberPinOf(at('pin', 1, 2))).toEqual({ latitude: 1, longitude: 2 });
    expect(memberPinOf(at('exact'))).toBeNull();
    expect(memberPinOf(at('city'))).toBeNull();
    expect(memberPinOf(null)).toBeNull();
  });
  it('writes coordinates to about a metre', () => {
    expect(formatCoordinates({ latitude: 48.8583701, longitude: -2.2944813 })).toBe('48.85837, -2.29448');
  });
});
