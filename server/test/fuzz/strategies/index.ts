/** Every route's fuzz strategy; a route without one fails the coverage test (fuzz.coverage). */
import type { Strategies } from '../strategy';
import { ADMIN } from './admin';
import { AUTH } from './auth';
import { CONTENT } from './content';
import { DATA_EXPORT } from './data-export';
import { EXPORTS } from './exports';
import { LISTS } from './lists';
import { SOCIAL } from './social';
import { SHARING } from './sharing';

export const STRATEGIES: Strategies = {
  ...AUTH,
  ...ADMIN,
  ...CONTENT,
  ...LISTS,
  ...SOCIAL,
  ...SHARING,
  ...EXPORTS,
  ...DATA_EXPORT,
};
