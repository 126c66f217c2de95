/** Issue 6 (Fuzzing): the admin routes, see run-fuzz.ts and strategies/admin.ts. */
import { fuzzGroup } from './run-fuzz';

await fuzzGroup('admin');
