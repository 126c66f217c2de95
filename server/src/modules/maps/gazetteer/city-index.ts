import type { Country } from '@common/lists/countries';
import { foldName, isLatinFolded, mayBeLatin } from './fold-name';

export interface GazetteerPlace {
  name: string;
  country: Country;
  latitude: number;
  longitude: number;
  population: number;
}

/** One city as the data gives it, its country already mapped to our list. */
export interface CityRecord extends GazetteerPlace {
  asciiName: string;
  alternateNames: readonly string[];
}

/** How a typed name met a city; a lower rank wins: its name, then its ASCII name, then an alias. */
const MatchRank = { Name: 0, AsciiName: 1, AlternateName: 2 } as const;
type MatchRank = (typeof MatchRank)[keyof typeof MatchRank];

/** Longer alternate names are descriptions ("Municipality of ..."), not what anyone types. */
const MAX_ALTERNATE_NAME_LENGTH = 60;

/**
 * Country and folded name -> the one city that name means there, decided when the index is built:
 * the best rank, then the larger population. One Map entry per name keeps the heap small
 * (ADR 059) and a lookup two hash probes.
 */
export class CityIndex {
  private readonly places: GazetteerPlace[] = [];
  /** country -> folded name -> place index * 4 + rank. */
  private readonly byCountry = new Map<Country, Map<string, number>>();
  /** country -> its most populous place's index. */
  private readonly largestByCountry = new Map<Country, number>();
  private nameCount = 0;

  add(city: CityRecord): void {
    const index = this.places.length;
    this.places.push({
      name: city.name,
      country: city.country,
      latitude: city.latitude,
      longitude: city.longitude,
      population: city.population,
    });
    const largest = this.largestByCountry.get(city.country);
    if (largest === undefined || city.population > (this.places[largest]?.population ?? 0)) {
      this.largestByCountry.set(city.country, index);
    }
    const names = this.namesOf(city.country);
    const folded = foldName(city.name);
    this.offer(names, folded, index, MatchRank.Name);
    const foldedAscii = foldName(city.asciiName);
    if (foldedAscii !== folded) this.offer(names, foldedAscii, index, MatchRank.AsciiName);
    for (const alternate of city.alternateNames) {
      if (alternate.length > MAX_ALTERNATE_NAME_LENGTH || !mayBeLatin(alternate)) continue;
      const foldedAlternate = foldName(alternate);
      if (foldedAlternate !== folded && isLatinFolded(foldedAlternate)) {
        this.offer(names, foldedAlternate, index, MatchRank.AlternateName);
      }
    }
  }

  /** The city a typed name means in a country, or undefined. */
  find(country: Country, typedName: string): GazetteerPlace | undefined {
    const folded = foldName(typedName);
    const entry = folded === '' ? undefined : this.byCountry.get(country)?.get(folded);
    const place = entry === undefined ? undefined : this.places[entry >> 2];
    return place && { ...place };
  }

  /** The country's most populous place (its capital, mostly), or undefined when it has none. */
  largest(country: Country): GazetteerPlace | undefined {
    const entry = this.largestByCountry.get(country);
    const place = entry === undefined ? undefined : this.places[entry];
    return place && { ...place };
  }

  get size(): { places: number; names: number } {
    return { places: this.places.length, names: this.nameCount };
  }

  private namesOf(country: Country): Map<string, number> {
    let names = this.byCountry.get(country);
    if (!names) this.byCountry.set(country, (names = new Map<string, number>()));
    return names;
  }

  private offer(names: Map<string, number>, folded: string, index: number, rank: MatchRank): void {
    if (folded === '') return;
    const current = names.get(folded);
    if (current === undefined) this.nameCount++;
    else if (!this.beats(index, rank, current)) return;
    names.set(folded, index * 4 + rank);
  }

  private beats(index: number, rank: MatchRank, current: number): boolean {
    const currentRank = current & 3;
    if (rank !== currentRank) return rank < currentRank;
    const population = this.places[index]?.population ?? 0;
    return population > (this.places[current >> 2]?.population ?? 0);
  }
}
