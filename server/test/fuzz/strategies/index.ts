/** Every route's fuzz strategy; a route without one fails the coverage test (fuzz.coverage). */
import type { Strategies } from '../strategy';
import { ADMIN } from './admin';
import { BLOCKS } from './blocks';
import { AUTH } from './auth';
import { CONTENT } from './content';
import { DATA_EXPORT } from './data-export';
import { EXPORTS } from './exports';
import { LISTS } from './lists';
import { MEMBER_SESSIONS } from './member-sessions';
import { NOTIFICATION_CHOICES } from './notification-choices';
import { PASSWORD_RESET } from './password-reset';
import { PASSKEYS } from './passkeys';
import { SOCIAL } from './social';
import { SHARING } from './sharing';
import { TWO_FACTOR } from './two-factor';
import { MODERATION } from './moderation';

export const STRATEGIES: Strategies = {
  ...AUTH,
  ...ADMIN,
  ...CONTENT,
  ...LISTS,
  ...SOCIAL,
  ...SHARING,
  ...EXPORTS,
  ...PASSWORD_RESET,
  ...MEMBER_SESSIONS,
  ...TWO_FACTOR,
  ...PASSKEYS,
  ...DATA_EXPORT,
  ...BLOCKS,
  ...NOTIFICATION_CHOICES,
  ...MODERATION,
};
