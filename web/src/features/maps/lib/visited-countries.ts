import { COUNTRY_CODES } from '@common/lists/country-codes';
import type { Country } from '@common/lists/countries';
import type { Countries, CountryFeature } from './countries';

const isListed = (name: string): name is Country => Object.hasOwn(COUNTRY_CODES, name);

/** Natural Earth ids (ISO numeric) of the visited countries; a name not in our list has none. */
export function visitedIds(names: readonly string[]): Map<string, string> {
  return new Map(names.filter(isListed).map((name) => [COUNTRY_CODES[name].numeric, name]));
}

/** The shapes to colour, each with the member's name for its country (ours, not Natural Earth's). */
export function visitedFeatures(countries: Countries, names: readonly string[]): { feature: CountryFeature; name: string }[] {
  const ids = visitedIds(names);
  return countries.features.flatMap((feature) => {
    const name = ids.get(String(feature.id));
    return name ? [{ feature, name }] : [];
  });
}
