/**
 * The callers of the route matrix and the accounts behind them. `member` never owns the target
 * row of a call; `owner` does (where a route has no owner concept it is one more member).
 * `connection` is connected to the owner and `stranger` has no tie to them at all (issue 25):
 * they tell connections-only content apart (docs/product.md#visibility).
 */
import { eq } from 'drizzle-orm';
import { connections, users } from '@db/schema';
import { ADMIN, type TestApp } from '../test-app';

export const CALLERS = ['anonymous', 'pending', 'member', 'owner', 'admin', 'connection', 'stranger'] as const;
export type Caller = (typeof CALLERS)[number];

export interface Account {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** A marker placed in fixture rows: a refused call's body must never contain it. */
export const SECRET = 'ZZSECRET';

export interface People {
  pending: Account;
  member: Account;
  owner: Account;
  admin: Account;
  connection: Account;
  stranger: Account;
}

export async function createPeople(t: TestApp): Promise<People> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
  if (!row) throw new Error('admin missing');
  const owner = await t.createMember('user', `Olga Owner ${SECRET}`);
  const connection = await t.createMember('user', 'Cora Connection');
  await t.db.insert(connections).values({ requesterId: connection.id, addresseeId: owner.id, status: 'accepted' });
  return {
    pending: await t.createMember('pending', 'Pat Pending'),
    member: await t.createMember('user', 'Mia Member'),
    owner,
    admin: { id: row.id, ...ADMIN, cookie: await t.signInAdmin() },
    connection,
    stranger: await t.createMember('user', 'Stan Stranger'),
  };
}

/** The fixed account of a caller (null when anonymous). */
export function accountOf(people: People, caller: Caller): Account | null {
  return caller === 'anonymous' ? null : people[caller];
}

/** The role a fresh stand-in for `caller` gets (a route that consumes its caller needs one per call). */
export function roleOf(caller: Caller): 'pending' | 'user' | 'admin' {
  return caller === 'admin' ? 'admin' : caller === 'pending' ? 'pending' : 'user';
}
