/** Issue 6 (Fuzzing): the content routes, see run-fuzz.ts and strategies/content.ts. */
import { fuzzGroup } from './run-fuzz';

await fuzzGroup('content');
