import type { Country } from '@common/lists/countries';
import { countryByIso2, countryByNumeric } from '@common/lists/country-codes';

/**
 * Dependent territories GeoNames and Natural Earth list apart from their sovereign, and the
 * country of our list a member picks for them (a tip in Réunion is a tip in France). Disputed
 * places (Taiwan, Kosovo, Western Sahara, Northern Cyprus, Somaliland) stay out: they match nothing.
 */
const TERRITORIES: { iso2: string; numeric: string; sovereign: Country }[] = [
  { iso2: 'HK', numeric: '344', sovereign: 'China' },
  { iso2: 'MO', numeric: '446', sovereign: 'China' },
  { iso2: 'PR', numeric: '630', sovereign: 'United States' },
  { iso2: 'GU', numeric: '316', sovereign: 'United States' },
  { iso2: 'VI', numeric: '850', sovereign: 'United States' },
  { iso2: 'AS', numeric: '016', sovereign: 'United States' },
  { iso2: 'MP', numeric: '580', sovereign: 'United States' },
  { iso2: 'GL', numeric: '304', sovereign: 'Denmark' },
  { iso2: 'FO', numeric: '234', sovereign: 'Denmark' },
  { iso2: 'AX', numeric: '248', sovereign: 'Finland' },
  { iso2: 'SJ', numeric: '744', sovereign: 'Norway' },
  { iso2: 'GF', numeric: '254', sovereign: 'France' },
  { iso2: 'GP', numeric: '312', sovereign: 'France' },
  { iso2: 'MQ', numeric: '474', sovereign: 'France' },
  { iso2: 'RE', numeric: '638', sovereign: 'France' },
  { iso2: 'YT', numeric: '175', sovereign: 'France' },
  { iso2: 'PM', numeric: '666', sovereign: 'France' },
  { iso2: 'BL', numeric: '652', sovereign: 'France' },
  { iso2: 'MF', numeric: '663', sovereign: 'France' },
  { iso2: 'NC', numeric: '540', sovereign: 'France' },
  { iso2: 'PF', numeric: '258', sovereign: 'France' },
  { iso2: 'WF', numeric: '876', sovereign: 'France' },
  { iso2: 'TF', numeric: '260', sovereign: 'France' },
  { iso2: 'AW', numeric: '533', sovereign: 'Netherlands' },
  { iso2: 'CW', numeric: '531', sovereign: 'Netherlands' },
  { iso2: 'SX', numeric: '534', sovereign: 'Netherlands' },
  { iso2: 'BQ', numeric: '535', sovereign: 'Netherlands' },
  { iso2: 'GI', numeric: '292', sovereign: 'United Kingdom' },
  { iso2: 'JE', numeric: '832', sovereign: 'United Kingdom' },
  { iso2: 'GG', numeric: '831', sovereign: 'United Kingdom' },
  { iso2: 'IM', numeric: '833', sovereign: 'United Kingdom' },
  { iso2: 'BM', numeric: '060', sovereign: 'United Kingdom' },
  { iso2: 'KY', numeric: '136', sovereign: 'United Kingdom' },
  { iso2: 'VG', numeric: '092', sovereign: 'United Kingdom' },
  { iso2: 'TC', numeric: '796', sovereign: 'United Kingdom' },
  { iso2: 'MS', numeric: '500', sovereign: 'United Kingdom' },
  { iso2: 'AI', numeric: '660', sovereign: 'United Kingdom' },
  { iso2: 'FK', numeric: '238', sovereign: 'United Kingdom' },
  { iso2: 'SH', numeric: '654', sovereign: 'United Kingdom' },
  { iso2: 'PN', numeric: '612', sovereign: 'United Kingdom' },
  { iso2: 'IO', numeric: '086', sovereign: 'United Kingdom' },
  { iso2: 'GS', numeric: '239', sovereign: 'United Kingdom' },
  { iso2: 'CX', numeric: '162', sovereign: 'Australia' },
  { iso2: 'CC', numeric: '166', sovereign: 'Australia' },
  { iso2: 'NF', numeric: '574', sovereign: 'Australia' },
  { iso2: 'HM', numeric: '334', sovereign: 'Australia' },
  { iso2: 'CK', numeric: '184', sovereign: 'New Zealand' },
  { iso2: 'NU', numeric: '570', sovereign: 'New Zealand' },
  { iso2: 'TK', numeric: '772', sovereign: 'New Zealand' },
];

const sovereignByIso2 = new Map(TERRITORIES.map((t) => [t.iso2, t.sovereign]));
const sovereignByNumeric = new Map(TERRITORIES.map((t) => [t.numeric, t.sovereign]));

/** The country of our list a GeoNames country code belongs to: itself, a territory's sovereign, or null. */
export function countryOfIso2(code: string): Country | null {
  return countryByIso2(code) ?? sovereignByIso2.get(code) ?? null;
}

/** The country of our list a Natural Earth feature id belongs to: itself, a territory's sovereign, or null. */
export function countryOfNumeric(id: string): Country | null {
  return countryByNumeric(id) ?? sovereignByNumeric.get(id) ?? null;
}
