/**
 * Words the generated content is made of. Popular entries come first: the generator picks index
 * floor(n * random()^k), so the head of each list holds most of the rows (skewed popularity).
 * A few entries carry accents on purpose: search must find them without.
 */
import { COUNTRIES } from '@common/lists/countries';

/** [country, city]: the first few places hold most tips. */
const POPULAR_PLACES: [string, string][] = [
  ['France', 'Paris'],
  ['Japan', 'Kyoto'],
  ['Portugal', 'Lisbon'],
  ['Italy', 'Rome'],
  ['Japan', 'Tokyo'],
  ['Spain', 'Barcelona'],
  ['Thailand', 'Bangkok'],
  ['United States', 'New York'],
  ['Mexico', 'Oaxaca'],
  ['Portugal', 'Porto'],
  ['Italy', 'Florence'],
  ['Brazil', 'São Paulo'],
  ['Vietnam', 'Hanoi'],
  ['United Kingdom', 'London'],
  ['Spain', 'Málaga'],
  ['Switzerland', 'Zürich'],
  ['Iceland', 'Reykjavík'],
  ['Peru', 'Cusco'],
  ['Georgia', 'Tbilisi'],
  ['Poland', 'Kraków'],
  ['Germany', 'Berlin'],
  ['Greece', 'Athens'],
  ['Turkey', 'Istanbul'],
  ['Morocco', 'Marrakesh'],
  ['Indonesia', 'Ubud'],
  ['Argentina', 'Córdoba'],
  ['South Korea', 'Seoul'],
  ['Netherlands', 'Amsterdam'],
  ['Czech Republic', 'Prague'],
  ['Canada', 'Montréal'],
  ['Australia', 'Sydney'],
  ['New Zealand', 'Queenstown'],
  ['India', 'Jaipur'],
  ['Colombia', 'Medellín'],
  ['Chile', 'Valparaíso'],
  ['Egypt', 'Cairo'],
  ['Kenya', 'Nairobi'],
  ['Norway', 'Bergen'],
  ['Austria', 'Vienna'],
  ['Hungary', 'Budapest'],
  ['France', 'Lyon'],
  ['Japan', 'Ōsaka'],
  ['Italy', 'Naples'],
  ['Spain', 'Sevilla'],
];

const popularCountries = new Set(POPULAR_PLACES.map(([country]) => country));
for (const country of popularCountries) {
  if (!(COUNTRIES as readonly string[]).includes(country)) throw new Error(`bench word list: ${country} is not in COUNTRIES`);
}

/** Every other country once, at the tail: a few tips each. */
export const PLACES: [string, string][] = [
  ...POPULAR_PLACES,
  ...COUNTRIES.filter((c) => !popularCountries.has(c)).map((c): [string, string] => [c, 'Old Town']),
];

export const TITLE_ADJECTIVES = [
  'Hidden',
  'Cozy',
  'Quiet',
  'Lively',
  'Historic',
  'Charming',
  'Tiny',
  'Family-run',
  'Rooftop',
  'Riverside',
  'Secret',
  'Sunny',
  'Local',
  'Famous',
  'Little',
  'Cheap',
  'Elegant',
  'Rustic',
];
export const TITLE_NOUNS = [
  'café',
  'bakery',
  'market',
  'viewpoint',
  'garden',
  'museum',
  'beach',
  'trail',
  'hostel',
  'bar',
  'noodle shop',
  'bookshop',
  'gallery',
  'temple',
  'square',
  'harbour',
  'tea house',
  'food stall',
  'hot spring',
  'jazz club',
];
export const PLACE_NAMES = [
  'Casa Lúcia',
  'Le Petit Zinc',
  'Bar Central',
  'The Blue Door',
  'Café Aurora',
  'Old Mill',
  'Green Corner',
  'Mercado Norte',
  'Sunset Terrace',
  'Golden Lantern',
  'Kissa Hoshi',
  'La Bodeguita',
  'Nordlys',
  'Three Crows',
];
/** "view" is the common search word (about a quarter of the tips). */
export const DESCRIPTION_OPENERS = [
  'Great spot for',
  'Perfect for',
  'Worth a detour for',
  'Locals love it for',
  'Come early for',
  'Best place in town for',
];
export const DESCRIPTION_THINGS = [
  'breakfast',
  'sunset views',
  'a quiet coffee',
  'street food',
  'live music',
  'a rainy afternoon',
  'the view',
  'fresh pastries',
  'people watching',
  'a long lunch',
  'craft beer',
  'a view over the old town',
];
export const DESCRIPTION_ENDINGS = [
  'Cash only.',
  'Book ahead.',
  'Friendly staff.',
  'Gets busy on weekends.',
  'Cheap and cheerful.',
  'Closed on Mondays.',
  'Bring a jacket.',
  'Take the stairs.',
  'Great for kids.',
];
/**
 * The rare search word: in one tip and guide in 500, and in at least RARE_WORD_MIN_TIPS tips (a
 * tenth of them private), so its search fills a page (the benchmark asks for 20) at every size:
 * at 900 tips one in 500 would be 2 matches, and the full / small comparison would weigh a page
 * of 20 cards against one of 2.
 */
export const RARE_WORD = 'axolotl';
export const RARE_WORD_MIN_TIPS = 30;
/** Every how many tips one holds the rare word (n % every = 7). */
export const rareTipEvery = (tips: number) => Math.max(8, Math.min(500, Math.floor(tips / RARE_WORD_MIN_TIPS)));
export const COMMON_WORD = 'view';

export const GUIDE_THEMES = [
  'street food',
  'slow travel',
  'hiking',
  'museums',
  'coffee',
  'nightlife',
  'beaches',
  'temples',
  'markets',
  'architecture',
  'viewpoints',
  'day trips',
];
export const CUSTOM_ITEM_TITLES = [
  'Breakfast at the market',
  'Sunset walk',
  'Train to the next town',
  'Free afternoon',
  'Museum morning',
  'Dinner with a view',
  'Boat trip',
  'Check in and rest',
  'Walking tour',
  'Picnic in the park',
];

export const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Chloé',
  'David',
  'Emma',
  'Farid',
  'Grace',
  'Hiro',
  'Inès',
  'Jonas',
  'Kofi',
  'Lena',
  'Mateo',
  'Nora',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Vera',
  'Wei',
  'Yara',
  'Zoë',
];
export const LAST_NAMES = [
  'Silva',
  'Smith',
  'Müller',
  'Tanaka',
  'García',
  'Okafor',
  'Novak',
  'Rossi',
  'Kim',
  'Dubois',
  'Nguyen',
  'Johansson',
  'Haddad',
  'Kowalski',
  'Costa',
  'Singh',
  'Ivanova',
  'López',
  'Berg',
  'Moreau',
];
