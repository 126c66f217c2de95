/**
 * Where a tip is, in words (issue 22): the tip form's Location section says where the tip will be
 * before it is saved, the tip page says how exact its pin is. Pure, so both are unit-tested.
 */
import type { Coordinates, LocateResult, TipLocation } from '@common/schemas/map';

export const TIP_LOCATION_TEXTS = {
  fromLink: 'From the maps link',
  notPlaced: 'Not placed yet: drop a pin',
  memberPin: 'Pinned by you',
  needsCountry: 'Choose a country to place the tip',
  finding: 'Finding the place...',
  lookupFailed: 'Could not find the place just now: drop a pin, or save and it is placed later',
  exactPlace: 'Exact place',
  pinnedByAuthor: 'Pinned by the author',
  /** The tip page of a tip no link, pin or known city places (issue 36, ADR 101). */
  atCountry: (country: string) => `Shown on the map at ${country}, the place was not found`,
  /** The form's word for the same, before saving. */
  formAtCountry: (country: string) => `Place not found: shown on the map at ${country} unless you drop a pin`,
} as const;

export type LocateState =
  | { kind: 'no-country' }
  /** `previous`: the last answer, still shown on the map while the next one is asked. */
  | { kind: 'pending'; previous?: LocateResult }
  | { kind: 'failed' }
  | { kind: 'done'; result: LocateResult };

/** The tip form's answer to "where will this tip be?": the member's pin wins over the fields. */
export function locateStatus(pin: Coordinates | null, state: LocateState, city: string, country = ''): string {
  if (pin) return TIP_LOCATION_TEXTS.memberPin;
  switch (state.kind) {
    case 'no-country':
      return TIP_LOCATION_TEXTS.needsCountry;
    case 'pending':
      return TIP_LOCATION_TEXTS.finding;
    case 'failed':
      return TIP_LOCATION_TEXTS.lookupFailed;
    case 'done':
      return placedText(state.result.location, city, country);
  }
}

function placedText(location: TipLocation | null, city: string, country: string): string {
  if (!location) return TIP_LOCATION_TEXTS.notPlaced;
  if (location.precision === 'exact') return TIP_LOCATION_TEXTS.fromLink;
  if (location.precision === 'city') return `City centre of ${city.trim() || 'the city'}`;
  if (location.precision === 'country') return TIP_LOCATION_TEXTS.formAtCountry(country || 'its country');
  return TIP_LOCATION_TEXTS.memberPin;
}

/** The tip page's precision in words. */
export function precisionText(location: TipLocation, city: string, country: string): string {
  if (location.precision === 'exact') return TIP_LOCATION_TEXTS.exactPlace;
  if (location.precision === 'city') return `Centre of ${city}`;
  if (location.precision === 'country') return TIP_LOCATION_TEXTS.atCountry(country);
  return TIP_LOCATION_TEXTS.pinnedByAuthor;
}

/** Edit form: the tip's pin is the member's own only when they dropped it (precision 'pin'). */
export function memberPinOf(location: TipLocation | null): Coordinates | null {
  return location?.precision === 'pin' ? { latitude: location.latitude, longitude: location.longitude } : null;
}

/** What the form's small map shows: the member's pin, else where the fields put the tip. */
export function shownPoint(pin: Coordinates | null, state: LocateState): Coordinates | null {
  if (pin) return pin;
  const result = state.kind === 'done' ? state.result : state.kind === 'pending' ? state.previous : undefined;
  const location = result?.location ?? null;
  return location ? { latitude: location.latitude, longitude: location.longitude } : null;
}

/** A point as people read it: 48.85837, 2.29448 (five decimals is about a metre). */
export function formatCoordinates({ latitude, longitude }: Coordinates): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}
