import { DEFAULT_CURRENCY, TIP_CURRENCIES } from '@common/lists/currencies';
import { isMapsUrl } from '@common/maps-url';
import type { Coordinates } from '@common/schemas/map';
import { TIP_TEXTS, TipInputSchema, type Tip, type TipInput } from '@common/schemas/tip';
import { TEXTS } from '@common/texts';
import { FIELD_TEXTS, issuesToFieldErrors, type FieldErrorMap } from '@/lib/form-errors';
import { memberPinOf } from './tip-location';
import type { Visibility } from '@common/schemas/visibility';

/** What the form holds: plain strings until submit turns them into a TipInput. */
export type TipFormValues = {
  title: string;
  tipTypeId: string;
  rating: string;
  country: string;
  city: string;
  placeName: string;
  googleMapsUrl: string;
  experienceDate: string;
  valueSpent: string;
  currency: string;
  description: string;
  detailedContent: string;
  tags: string[];
  visibility: Visibility;
  /** The pin the member dropped on the form's map; null: placed from the link or the city. */
  pin: Coordinates | null;
};

export const EMPTY_TIP_FORM: TipFormValues = {
  title: '',
  tipTypeId: '',
  rating: '',
  country: '',
  city: '',
  placeName: '',
  googleMapsUrl: '',
  experienceDate: '',
  valueSpent: '',
  currency: DEFAULT_CURRENCY,
  description: '',
  detailedContent: '',
  tags: [],
  visibility: 'public',
  pin: null,
};

export function tipToFormValues(tip: Tip): TipFormValues {
  return {
    title: tip.title,
    tipTypeId: tip.tipTypeId ?? '',
    rating: tip.rating === null ? '' : String(tip.rating),
    country: tip.country,
    city: tip.city,
    placeName: tip.placeName ?? '',
    googleMapsUrl: tip.googleMapsUrl ?? '',
    experienceDate: tip.experienceDate ?? '',
    valueSpent: tip.valueSpent === null ? '' : String(tip.valueSpent),
    currency: tip.currency ?? '',
    description: tip.description,
    detailedContent: tip.detailedContent ?? '',
    tags: tip.tags,
    visibility: tip.visibility,
    pin: memberPinOf(tip.location),
  };
}

/** Empty optional fields become null (docs/product.md#forms-and-validation). */
export function toTipInput(values: TipFormValues, photoUrls: string[]): TipInput {
  const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
  const cost = values.valueSpent.trim();
  return {
    title: values.title.trim(),
    tipTypeId: orNull(values.tipTypeId),
    rating: values.rating ? Number(values.rating) : null,
    // The form holds any string; the schema (client check and server) narrows it to the list.
    country: values.country as TipInput['country'],
    city: values.city.trim(),
    placeName: orNull(values.placeName),
    googleMapsUrl: orNull(values.googleMapsUrl),
    experienceDate: orNull(values.experienceDate),
    valueSpent: cost === '' ? null : Number(cost),
    currency: orNull(values.currency),
    description: values.description.trim(),
    detailedContent: orNull(values.detailedContent),
    photoUrls,
    tags: values.tags,
    visibility: values.visibility,
    // Always sent, so an edit that removes the member's pin places the tip again (null).
    pin: values.pin,
  };
}

export type TipFormProblem = { title: string; description: string };

/**
 * The first problem to toast, in the order of docs/product.md#forms-and-validation: required fields, then the maps link, then anything
 * else the shared schema (the server's own rule) refuses. null means the input is valid.
 */
export function findTipFormProblem(values: TipFormValues, mode: 'create' | 'edit'): TipFormProblem | null {
  const isBlank = (v: string) => v.trim() === '';
  if (isBlank(values.title) || isBlank(values.country) || isBlank(values.city) || isBlank(values.description)) {
    return { title: TIP_TEXTS.missingInformationTitle, description: TIP_TEXTS.missingInformation };
  }
  const mapsUrl = values.googleMapsUrl.trim();
  if (mapsUrl !== '' && !isMapsUrl(mapsUrl)) {
    return {
      title: TIP_TEXTS.invalidUrlTitle,
      description: mode === 'create' ? TIP_TEXTS.invalidUrl : TIP_TEXTS.invalidUrlOnEdit,
    };
  }
  const parsed = TipInputSchema.safeParse(toTipInput(values, []));
  if (!parsed.success) {
    return { title: TEXTS.validationErrorTitle, description: parsed.error.issues[0]?.message ?? TEXTS.genericFailure };
  }
  return null;
}

/** The fields of a tip that must be filled in (docs/product.md#forms-and-validation), marked as required on the form. */
export const TIP_REQUIRED_FIELDS = ['title', 'country', 'city', 'description'] as const;

/**
 * Every problem of the form at once, one message per field (ADR 043): the required fields, the
 * maps link, then what the shared schema refuses. Empty when the input is valid.
 */
export function tipFormErrors(values: TipFormValues, mode: 'create' | 'edit'): FieldErrorMap<TipFormValues> {
  const errors: FieldErrorMap<TipFormValues> = {};
  for (const name of TIP_REQUIRED_FIELDS) if (values[name].trim() === '') errors[name] = FIELD_TEXTS.required;
  const mapsUrl = values.googleMapsUrl.trim();
  if (mapsUrl !== '' && !isMapsUrl(mapsUrl)) {
    errors.googleMapsUrl = mode === 'create' ? TIP_TEXTS.invalidUrl : TIP_TEXTS.invalidUrlOnEdit;
  }
  const parsed = TipInputSchema.safeParse(toTipInput(values, []));
  const fromSchema = parsed.success ? {} : issuesToFieldErrors<TipFormValues>(parsed.error.issues);
  return { ...fromSchema, ...errors };
}

/** Create Tip's currency: the member's preferred one when the tip list offers it, else USD. */
export function preferredTipCurrency(profileCurrency: string | null | undefined): string {
  const offered: readonly string[] = TIP_CURRENCIES;
  return profileCurrency && offered.includes(profileCurrency) ? profileCurrency : DEFAULT_CURRENCY;
}

/** Today as YYYY-MM-DD in the viewer's time zone: the date input's max. */
export function todayIsoDate(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
