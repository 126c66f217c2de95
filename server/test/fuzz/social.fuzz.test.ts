/** Issue 6 (Fuzzing): the social routes, see run-fuzz.ts and strategies/social.ts. */
import { fuzzGroup } from './run-fuzz';

await fuzzGroup('social');
