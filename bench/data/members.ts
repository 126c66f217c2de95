/** Members: better-auth users and credential accounts, profiles and roles, as sign-up makes them. */
import { hashPassword } from '@server/modules/auth/password-hasher';
import type { DatabaseHandle } from '@db/client';
import { COUNTRIES } from '@common/lists/countries';
import { bulk } from './bulk';
import { lit, textArray } from './sql-literals';
import { FIRST_NAMES, LAST_NAMES } from './word-lists';

export const BENCH_PASSWORD = 'bench-password';
export const benchEmail = (n: number) => `member${n}@bench.waymark.test`;

/**
 * bench_members maps member number n (1 = the most active) to its user id; the other steps pick
 * owners and actors by number. Members joined in the first two months, before any content.
 */
export async function generateMembers(handle: DatabaseHandle, count: number): Promise<void> {
  // One argon2id hash for everybody: hashing 10,000 passwords would take minutes.
  const hash = await hashPassword(BENCH_PASSWORD);
  await bulk(
    handle,
    'DROP TABLE IF EXISTS bench_members',
    `CREATE TABLE bench_members AS
       SELECT n, gen_random_uuid() AS id,
              (${textArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}] || ' ' ||
              (${textArray(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] AS name,
              'member' || n || '@bench.waymark.test' AS email,
              now() - interval '790 days' + (n::float8 / ${count}) * interval '60 days' AS created_at
       FROM generate_series(1, ${count}) n`,
    'ALTER TABLE bench_members ADD PRIMARY KEY (n)',
    `INSERT INTO users (id, name, email, email_verified, created_at, updated_at)
       SELECT id, name, email, true, created_at, created_at FROM bench_members`,
    `INSERT INTO accounts (account_id, provider_id, user_id, password, created_at, updated_at)
       SELECT id::text, 'credential', id, ${lit(hash)}, created_at, created_at FROM bench_members`,
    // The e-mail as the username, as the original sign-up did; today's sign-up makes a handle from the name
    // (docs/product.md#profiles). The bench only needs a unique value.
    `INSERT INTO profiles (user_id, name, username, country, currency, created_at, updated_at)
       SELECT id, name, email, (${textArray(COUNTRIES)})[1 + floor(random() * ${COUNTRIES.length})::int], 'USD', created_at, created_at
       FROM bench_members`,
    `INSERT INTO user_roles (user_id, role, created_at) SELECT id, 'user', created_at FROM bench_members`,
  );
}
