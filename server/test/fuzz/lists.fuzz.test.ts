/** Issue 6 (Fuzzing): the lists routes, see run-fuzz.ts and strategies/lists.ts. */
import { fuzzGroup } from './run-fuzz';

await fuzzGroup('lists');
