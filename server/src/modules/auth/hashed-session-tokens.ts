/**
 * Session tokens are stored hashed (ASVS 5.0 V7.2.3): better-auth keeps the token it puts in
 * the cookie in `sessions.token`, so whoever reads that table could sign in as anyone. This
 * wraps better-auth's database adapter: a session token is replaced by its SHA-256 in every
 * write and every lookup, and a row read back by token carries the token it was asked for, so
 * better-auth's cookie refresh keeps working. Rows read another way (by user) carry the hash,
 * which is never accepted as a token: a lookup hashes it again.
 *
 * SHA-256 without salt is enough here: the token is 190 random bits, not a guessable password.
 */
import { createHash } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import type { DBAdapter, DBTransactionAdapter, Where } from 'better-auth/adapters';

const SESSION_MODEL = 'session';
const TOKEN_FIELD = 'token';

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

type Row = Record<string, unknown> | null;

/** The where clauses with token values hashed, and a map from each hash back to its token. */
function hashWhere(where: Where[] | undefined, known: Map<string, string>): Where[] | undefined {
  return where?.map((clause) => {
    if (clause.field !== TOKEN_FIELD) return clause;
    const hashOne = (token: unknown) => {
      if (typeof token !== 'string') return token;
      const hash = hashSessionToken(token);
      known.set(hash, token);
      return hash;
    };
    const value = Array.isArray(clause.value) ? clause.value.map(hashOne) : hashOne(clause.value);
    return { ...clause, value } as Where;
  });
}

function restoreToken<T>(row: T, known: Map<string, string>): T {
  const record = row as Row;
  if (!record || typeof record[TOKEN_FIELD] !== 'string') return row;
  const token = known.get(record[TOKEN_FIELD]);
  return (token ? { ...record, [TOKEN_FIELD]: token } : row) as T;
}

const isSession = (model: string) => model === SESSION_MODEL;

/** The arguments of a session call with its token values hashed; other models pass unchanged. */
function hashedArgs<T extends { model: string; where?: Where[] }>(args: T): T {
  return isSession(args.model) ? { ...args, where: hashWhere(args.where, new Map()) ?? [] } : args;
}

function wrap<A extends DBTransactionAdapter<BetterAuthOptions>>(inner: A): A {
  return {
    ...inner,
    async create(args) {
      if (!isSession(args.model)) return inner.create(args);
      const known = new Map<string, string>();
      const data = { ...args.data } as Record<string, unknown>;
      if (typeof data[TOKEN_FIELD] === 'string') {
        const hash = hashSessionToken(data[TOKEN_FIELD]);
        known.set(hash, data[TOKEN_FIELD]);
        data[TOKEN_FIELD] = hash;
      }
      return restoreToken(await inner.create({ ...args, data: data as typeof args.data }), known);
    },
    async findOne(args) {
      if (!isSession(args.model)) return inner.findOne(args);
      const known = new Map<string, string>();
      const where = hashWhere(args.where, known) ?? [];
      return restoreToken(await inner.findOne({ ...args, where }), known);
    },
    async findMany(args) {
      if (!isSession(args.model)) return inner.findMany(args);
      const known = new Map<string, string>();
      const rows = await inner.findMany({ ...args, where: hashWhere(args.where, known) });
      return rows.map((row) => restoreToken(row, known));
    },
    async update(args) {
      if (!isSession(args.model)) return inner.update(args);
      const known = new Map<string, string>();
      return restoreToken(await inner.update({ ...args, where: hashWhere(args.where, known) ?? [] }), known);
    },
    // Calls whose result carries no token: only their where clause changes.
    updateMany: (args) => inner.updateMany(hashedArgs(args)),
    delete: (args) => inner.delete(hashedArgs(args)),
    deleteMany: (args) => inner.deleteMany(hashedArgs(args)),
    count: (args) => inner.count(hashedArgs(args)),
    consumeOne: (args) => inner.consumeOne(hashedArgs(args)),
    incrementOne: (args) => inner.incrementOne(hashedArgs(args)),
  };
}

/** better-auth's `database` option, with session tokens hashed at rest. */
export function withHashedSessionTokens(
  adapterFactory: (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions>,
): (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions> {
  return (options) => {
    const inner = adapterFactory(options);
    return {
      ...wrap(inner),
      transaction: (callback) => inner.transaction((trx) => callback(wrap(trx))),
    };
  };
}
