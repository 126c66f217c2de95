/** Issue 6 (Fuzzing): the auth routes, see run-fuzz.ts and strategies/auth.ts. */
import { fuzzGroup } from './run-fuzz';

await fuzzGroup('auth');
