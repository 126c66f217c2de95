/**
 * `npm start`: builds the client when dist/web is missing or older than its sources, then
 * starts the server, which serves client and API from one process.
 */
import path from 'node:path';
import { ensureClientBuilt } from './client-build';

ensureClientBuilt(path.resolve(import.meta.dirname, '..'));

await import('../server/src/server');
