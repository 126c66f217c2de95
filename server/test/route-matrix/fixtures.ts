/**
 * The rows a matrix call targets, written straight to the database (owned by `people.owner`,
 * carrying the SECRET marker) so each call gets its own and a consuming call (delete, accept...)
 * never starves the next one.
 */
import {
  emailChangeTokens,
  emailChangeUndoTokens,
  connections,
  invitationRequests,
  notifications,
  passwordResetTokens,
  pendingActivations,
  sessions,
  profiles,
  savedItems,
  systemMessages,
  tipTypes,
  tips,
} from '@db/schema';
import { eq } from 'drizzle-orm';
import type { Visibility } from '@common/schemas/visibility';
import { insertGuide, insertTip, writeUpload } from '../content-fixtures';
import type { TestApp } from '../test-app';
import { newSignupToken } from '@server/modules/invitations/signup-token';
import { type Account, type Caller, type People, SECRET, accountOf, roleOf } from './callers';

let seq = 0;
/** A value no other call of this run uses (e-mails, usernames, names). */
export const unique = (prefix: string) => `${prefix}${++seq}x${Date.now().toString(36)}`;

/** An item's level: a visibility, or the old Private switch (true = private, false = public). */
export type Level = boolean | Visibility;
const visibilityOf = (level: Level): Visibility => (typeof level === 'boolean' ? (level ? 'private' : 'public') : level);

function first<T>(rows: T[]): T {
  if (!rows[0]) throw new Error('fixture not written');
  return rows[0];
}

export function createFixtures(t: TestApp, people: People) {
  const { db } = t;
  const owner = people.owner.id;
  return {
    t,
    people,
    /** The account a caller uses by default (null: anonymous). */
    accountOf: (caller: Caller) => accountOf(people, caller),
    /** A new account for `caller`'s role: for calls that consume or change their caller. */
    async standIn(caller: Caller): Promise<Account | null> {
      return caller === 'anonymous' ? null : t.createMember(roleOf(caller), unique('Stand In '));
    },
    /** A member's username (the shareable profile URL's key, ADR 046). */
    async usernameOf(userId: string): Promise<string> {
      const [row] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, userId));
      if (!row?.username) throw new Error('fixture member has no username');
      return row.username;
    },
    newMember: (role: 'pending' | 'user' | 'admin' = 'user') => t.createMember(role, `Target ${SECRET}`),
    /** A tip of the owner at `level` (true = private, false = public); `title` is unique unless given. */
    tip: (level: Level, title = unique(`${SECRET} tip `)) =>
      insertTip(db, owner, { title, description: `${SECRET} ${visibilityOf(level)}`, visibility: visibilityOf(level) }),
    /** A tip of the owner with a place in Lisbon, so the map would show it if it leaked. */
    async placedTip(level: Level) {
      const tip = await insertTip(db, owner, { title: unique(`${SECRET} placed `), visibility: visibilityOf(level) });
      await db.update(tips).set({ latitude: 38.7223, longitude: -9.1393, locationPrecision: 'exact' }).where(eq(tips.id, tip.id));
      return tip;
    },
    guide: (level: Level) =>
      insertGuide(db, owner, {
        title: unique(`${SECRET} guide `),
        description: `${SECRET} guide text`,
        visibility: visibilityOf(level),
      }),
    /** The owner saved a public tip of the member. */
    async savedItem() {
      const tip = await insertTip(db, people.member.id, { title: unique(`${SECRET} saved `) });
      return first(await db.insert(savedItems).values({ userId: owner, tipId: tip.id }).returning());
    },
    notification: async () =>
      first(
        await db
          .insert(notifications)
          .values({ userId: owner, type: 'like', content: unique(`${SECRET} liked your tip `) })
          .returning(),
      ),
    connection: async (requesterId: string, addresseeId: string) =>
      first(await db.insert(connections).values({ requesterId, addresseeId }).returning()),
    invitation: async () =>
      first(
        await db
          .insert(invitationRequests)
          .values({
            fullName: `${SECRET} Invitee`,
            email: unique('invitee') + '@example.com',
            country: 'Peru',
            aboutYourself: SECRET,
          })
          .returning(),
      ),
    activation: async () =>
      first(
        await db
          .insert(pendingActivations)
          .values({ email: unique('activate') + '@example.com', fullName: `${SECRET} Activation` })
          .returning(),
      ),
    systemMessage: async () =>
      first(
        await db
          .insert(systemMessages)
          .values({ title: `${SECRET} notice`, content: SECRET, isActive: false })
          .returning(),
      ),
    tipType: async () =>
      first(
        await db
          .insert(tipTypes)
          .values({ name: unique(`${SECRET} type `) })
          .returning(),
      ),
    /** The token of an e-mail change of a fresh member, asked for and waiting for its link (ADR 028). */
    async emailChangeToken() {
      const member = await t.createMember('user', unique('Mover '));
      const { token, tokenHash } = newSignupToken();
      const expiresAt = new Date(Date.now() + 60 * 60_000);
      await db
        .insert(emailChangeTokens)
        .values({ userId: member.id, newEmail: `${unique('moved')}@example.com`, tokenHash, expiresAt });
      return token;
    },
    /** The token of a fresh member's e-mail change undo link (ADR 108), as the mailed link carries it. */
    async emailUndoToken() {
      const member = await t.createMember('user', unique('Undoer '));
      const { token, tokenHash } = newSignupToken();
      const expiresAt = new Date(Date.now() + 60 * 60_000);
      await db.insert(emailChangeUndoTokens).values({ userId: member.id, oldEmail: member.email, tokenHash, expiresAt });
      return token;
    },
    /** The token of a fresh member's password reset link (ADR 073), as the mailed link carries it. */
    async passwordResetToken() {
      const member = await t.createMember('user', unique('Forgetful '));
      const { token, tokenHash } = newSignupToken();
      await db
        .insert(passwordResetTokens)
        .values({ userId: member.id, tokenHash, expiresAt: new Date(Date.now() + 60 * 60_000) });
      return token;
    },
    /** A new session of `account` (a second device); its id. */
    async extraSessionOf(account: Account): Promise<string> {
      const before = new Set(
        (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, account.id))).map((r) => r.id),
      );
      await t.signIn(account.email, account.password);
      const after = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, account.id));
      return first(after.filter((r) => !before.has(r.id))).id;
    },
    /** A stored photo of the owner's, as the upload route writes it. */
    upload: () => writeUpload(t.config.dataDir, 'tip-photos', owner),
    /** A stored photo of the owner's that a public tip of theirs shows (ADR 085: else only they may fetch it). */
    async shownPhoto(): Promise<string> {
      const url = writeUpload(t.config.dataDir, 'tip-photos', owner);
      await insertTip(db, owner, { title: unique(`${SECRET} photo `), photoUrls: [url] });
      return url;
    },
  };
}

export type Fixtures = ReturnType<typeof createFixtures>;
