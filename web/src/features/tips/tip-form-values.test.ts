import { describe, expect, it } from 'vitest';
import { TIP_TEXTS } from '@common/schemas/tip';
import { FIELD_TEXTS } from '@/lib/form-errors';
import {
  EMPTY_TIP_FORM,
  findTipFormProblem,
  preferredTipCurrency,
  tipFormErrors,
  toTipInput,
  todayIsoDate,
  type TipFormValues,
} from './tip-form-values';

const valid: TipFormValues = {
  ...EMPTY_TIP_FORM,
  title: ' Sunrise at the temple ',
  country: 'Japan',
  city: 'Kyoto',
  description: 'Go before six.',
};

describe('findTipFormProblem', () => {
  it('accepts the four required fields alone', () => {
    expect(findTipFormProblem(valid, 'create')).toBeNull();
  });
  it('asks for the required fields first', () => {
    for (const field of ['title', 'country', 'city', 'description'] as const) {
      expect(findTipFormProblem({ ...valid, [field]: '   ', googleMapsUrl: 'nope' }, 'create')).toEqual({
        title: TIP_TEXTS.missingInformationTitle,
        description: TIP_TEXTS.missingInformation,
      });
    }
  });
  it('refuses a link that is not a maps link, with the create or edit wording', () => {
    const bad = { ...valid, googleMapsUrl: 'https://maps.google.com.evil.example/x' };
    expect(findTipFormProblem(bad, 'create')?.description).toBe(TIP_TEXTS.invalidUrl);
    expect(findTipFormProblem(bad, 'edit')?.description).toBe(TIP_TEXTS.invalidUrlOnEdit);
    expect(findTipFormProblem({ ...valid, googleMapsUrl: 'https://maps.app.goo.gl/abc' }, 'create')).toBeNull();
  });
  it('reports the shared schema rules, e.g. a future date or a bad currency', () => {
    expect(findTipFormProblem({ ...valid, experienceDate: '2999-01-01' }, 'create')?.description).toBe(TIP_TEXTS.futureDate);
    expect(findTipFormProblem({ ...valid, currency: 'dollars' }, 'edit')).not.toBeNull();
  });
});

describe('toTipInput', () => {
  it('trims, sends empty optional fields as null and numbers as numbers', () => {
    const input = toTipInput({ ...valid, rating: '4', valueSpent: '12.50', placeName: '  ', currency: 'EUR' }, ['/api/media/x']);
    expect(input).toMatchObject({
      title: 'Sunrise at the temple',
      rating: 4,
      valueSpent: 12.5,
      placeName: null,
      googleMapsUrl: null,
      experienceDate: null,
      tipTypeId: null,
      currency: 'EUR',
      photoUrls: ['/api/media/x'],
    });
  });
});

describe('todayIsoDate', () => {
  it('formats the local date', () => {
    expect(todayIsoDate(new Date(2024, 0, 5, 23, 30))).toBe('2024-01-05');
  });
});

describe('tipFormErrors', () => {
  it('names every bad field at once, not only the first', () => {
    const blank = { ...EMPTY_TIP_FORM, googleMapsUrl: 'https://example.com/somewhere', valueSpent: '-3' };
    expect(tipFormErrors(blank, 'create')).toEqual({
      title: FIELD_TEXTS.required,
      country: FIELD_TEXTS.required,
      city: FIELD_TEXTS.required,
      description: FIELD_TEXTS.required,
      googleMapsUrl: TIP_TEXTS.invalidUrl,
      valueSpent: expect.any(String) as string,
    });
  });
  it("uses Edit Tip's own maps-link text and is empty for a valid tip", () => {
    expect(tipFormErrors({ ...valid, googleMapsUrl: 'nope' }, 'edit')).toEqual({ googleMapsUrl: TIP_TEXTS.invalidUrlOnEdit });
    expect(tipFormErrors(valid, 'create')).toEqual({});
  });
});

describe('preferredTipCurrency', () => {
  it("starts Create Tip at the member's preferred currency when the tip list offers it, else USD", () => {
    expect(preferredTipCurrency('EUR')).toBe('EUR');
    expect(preferredTipCurrency('JPY')).toBe('JPY');
    expect(preferredTipCurrency('SEK')).toBe('USD');
    expect(preferredTipCurrency(null)).toBe('USD');
    expect(preferredTipCurrency(undefined)).toBe('USD');
  });
});

describe('the pin', () => {
  it('is sent as the member dropped it, or null to place the tip from its link or city', () => {
    expect(toTipInput(valid, []).pin).toBeNull();
    const pin = { latitude: 48.8583701, longitude: 2.2944813 };
    expect(toTipInput({ ...valid, pin }, []).pin).toEqual(pin);
  });
  it('out of range is an error under the Location section (the pin field)', () => {
    const errors = tipFormErrors({ ...valid, pin: { latitude: 91, longitude: 0 } }, 'create');
    expect(errors.pin).toBe('Latitude must be between -90 and 90');
    expect(tipFormErrors({ ...valid, pin: { latitude: 0, longitude: -181 } }, 'edit').pin).toBe(
      'Longitude must be between -180 and 180',
    );
  });
});
