/**
 * The rows a fuzz file runs against: the calling member's own content and other members'
 * private and public rows, so generated path ids name real rows of every kind and owner.
 */
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import {
  connections,
  guideTips,
  guides,
  invitationRequests,
  notifications,
  pendingActivations,
  systemMessages,
  tipTypes,
  tips,
} from '@db/schema';
import { insertGuide, insertLike, insertSave, insertTip, writeUpload } from '../content-fixtures';
import { createTestApp, type TestApp } from '../test-app';
import type { RateLimits } from '@server/plugins/rate-limit';

export type Member = Awaited<ReturnType<TestApp['createMember']>>;

export const ID_KINDS = [
  'users',
  'tips',
  'guides',
  'notifications',
  'connections',
  'saved',
  'systemMessages',
  'tipTypes',
  'invitations',
  'pendingActivations',
  /** Share link tokens (ADR 068): the fixtures' and those learned from PUT /api/guides/:id/share-link. */
  'shareTokens',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** Ids of one kind: the fixtures' plus those learned from responses (new tips, cursors...). */
export class Pool {
  private readonly items: string[] = [];
  constructor(initial: string[] = []) {
    for (const i of initial) this.add(i);
  }
  add(item: string): void {
    if (!this.items.includes(item) && this.items.length < 500) this.items.push(item);
  }
  has(item: string): boolean {
    return this.items.includes(item);
  }
  get size(): number {
    return this.items.length;
  }
  /** Read when the case is generated, so ids learned during the run are used too. */
  arb(): fc.Arbitrary<string> {
    return fc.nat().map((i) => this.items[i % this.items.length] ?? '00000000-0000-4000-8000-000000000000');
  }
}

export interface World {
  t: TestApp;
  me: Member;
  other: Member;
  adminCookie: string;
  adminId: string;
  ids: Record<IdKind, Pool>;
  cursors: Pool;
  /** URLs of photos the caller and another member own (photoUrls must be the caller's own). */
  photoUrls: { mine: string[]; others: string[] };
  /** Members made only to be deleted or signed out (DELETE /api/account, sign-out). */
  disposable: () => Promise<Member>;
  /**
   * Words of another member's connections-only and private items (the caller is not connected
   * to them): no answer to the caller may ever hold one (issue 25, docs/product.md#visibility).
   */
  hiddenFromMe: string[];
}

/** Marks the text of items the fuzzing member must never see. */
const UNSEEN = 'Zqxunseen';

/**
 * Limits far above what a fuzz run sends: it proves robustness, not the limits (their own tests
 * do). Keys are whatever the rate-limit plugin has; unknown ones are ignored.
 */
const NO_LIMITS = {
  signIn: 1e9,
  signUp: 1e9,
  invitationRequest: 1e9,
  uploads: 1e9,
  sharedLinks: 1e9,
  passwordReset: 1e9,
  passwordResetAccount: 1e9,
  twoFactor: 1e9,
  dataExports: 1e9,
} as Partial<RateLimits>;

export async function createWorld(): Promise<World> {
  const t = await createTestApp({ rateLimits: NO_LIMITS });
  const me = await t.createMember('user', 'Fuzz Caller');
  const other = await t.createMember('user', 'Other Member');
  const third = await t.createMember('user', 'Third Member');
  const fourth = await t.createMember('user', 'Fourth Member');
  const pending = await t.createMember('pending', 'Pending Member');
  const adminCookie = await t.signInAdmin();
  const adminId = (await t.call('GET', '/api/auth/me', { cookie: adminCookie })).json<{ id: string }>().id;

  const photoUrls = {
    mine: [writeUpload(t.config.dataDir, 'tip-photos', me.id), writeUpload(t.config.dataDir, 'guide-photos', me.id)],
    others: [writeUpload(t.config.dataDir, 'tip-photos', other.id)],
  };
  const myTip = await insertTip(t.db, me.id, { photoUrls: [photoUrls.mine[0]!] });
  const myPrivateTip = await insertTip(t.db, me.id, { isPrivate: true });
  const myGuide = await insertGuide(t.db, me.id);
  const otherTip = await insertTip(t.db, other.id, { photoUrls: photoUrls.others });
  const otherPrivateTip = await insertTip(t.db, other.id, { isPrivate: true });
  const otherGuide = await insertGuide(t.db, other.id);
  const otherPrivateGuide = await insertGuide(t.db, other.id, { isPrivate: true });
  // `other` is connected to `third`, not to the caller: these are for third's eyes only.
  const unseen = (level: string) => ({ title: `${UNSEEN} ${level} title`, description: `${UNSEEN} ${level} words` });
  const otherConnectionsTip = await insertTip(t.db, other.id, { ...unseen('connections tip'), visibility: 'connections' });
  const otherConnectionsGuide = await insertGuide(t.db, other.id, { ...unseen('connections guide'), visibility: 'connections' });
  await t.db.update(tips).set(unseen('private tip')).where(eq(tips.id, otherPrivateTip.id));
  await t.db.update(guides).set(unseen('private guide')).where(eq(guides.id, otherPrivateGuide.id));
  // The caller sees other's public guide, and in it a placeholder where the tip is.
  await t.db.insert(guideTips).values({ guideId: otherGuide.id, tipId: otherConnectionsTip.id, dayNumber: 1, orderInDay: 1 });

  await insertLike(t.db, other.id, { tipId: myTip.id });
  await insertLike(t.db, me.id, { guideId: otherGuide.id });
  // The fixtures write likes rows directly: bring the counters in line, as toggle_like would.
  await t.db.execute(sql`UPDATE tips SET likes_count = (SELECT count(*) FROM likes WHERE likes.tip_id = tips.id)`);
  await t.db.execute(sql`UPDATE guides SET likes_count = (SELECT count(*) FROM likes WHERE likes.guide_id = guides.id)`);
  const mySave = await insertSave(t.db, me.id, { tipId: otherTip.id });
  const otherSave = await insertSave(t.db, other.id, { tipId: myTip.id });

  const notes = await t.db
    .insert(notifications)
    .values([
      { userId: me.id, actorId: other.id, type: 'like', content: 'Other Member liked your tip', tipId: myTip.id },
      { userId: other.id, actorId: me.id, type: 'like', content: 'Fuzz Caller liked your guide', guideId: otherGuide.id },
      { userId: third.id, type: 'tip_saved', content: 'Someone saved your tip' },
    ])
    .returning({ id: notifications.id });
  const links = await t.db
    .insert(connections)
    .values([
      { requesterId: third.id, addresseeId: me.id, status: 'pending' },
      { requesterId: me.id, addresseeId: fourth.id, status: 'pending' },
      { requesterId: other.id, addresseeId: third.id, status: 'accepted' },
      { requesterId: fourth.id, addresseeId: other.id, status: 'pending' },
    ])
    .returning({ id: connections.id });
  const messages = await t.db
    .insert(systemMessages)
    .values([
      { title: 'Maintenance', content: 'Tonight', isActive: true },
      { title: 'Old news', content: 'Gone', isActive: false },
    ])
    .returning({ id: systemMessages.id });

  // Two invitation requests; approving one makes a pending activation with a signup token.
  for (const email of ['invitee1@example.com', 'invitee2@example.com']) {
    await t.call('POST', '/api/invitations', {
      body: { fullName: 'Invitee', email, country: 'Portugal', howDidYouKnow: 'friend_family', aboutYourself: 'x'.repeat(60) },
    });
  }
  const invitations = await t.db.select({ id: invitationRequests.id }).from(invitationRequests);
  if (invitations[0]) await t.call('POST', `/api/admin/invitations/${invitations[0].id}/approve`, { cookie: adminCookie });
  const activations = await t.db.select({ id: pendingActivations.id }).from(pendingActivations);
  const types = await t.db.select({ id: tipTypes.id }).from(tipTypes);
  const shareLink = await t.call('PUT', `/api/guides/${myGuide.id}/share-link`, { cookie: me.cookie, body: {} });
  const shareToken = new URL(shareLink.json<{ url: string }>().url).pathname.split('/').pop() ?? '';

  const ids: Record<IdKind, Pool> = {
    users: new Pool([me.id, other.id, third.id, fourth.id, pending.id, adminId]),
    tips: new Pool([myTip.id, myPrivateTip.id, otherTip.id, otherPrivateTip.id, otherConnectionsTip.id]),
    guides: new Pool([myGuide.id, otherGuide.id, otherPrivateGuide.id, otherConnectionsGuide.id]),
    notifications: new Pool(notes.map((n) => n.id)),
    connections: new Pool(links.map((c) => c.id)),
    saved: new Pool([mySave.id, otherSave.id]),
    systemMessages: new Pool(messages.map((m) => m.id)),
    tipTypes: new Pool(types.map((x) => x.id)),
    invitations: new Pool(invitations.map((i) => i.id)),
    pendingActivations: new Pool(activations.map((a) => a.id)),
    shareTokens: new Pool([shareToken]),
  };

  return {
    t,
    me,
    other,
    adminCookie,
    adminId,
    ids,
    cursors: new Pool(),
    photoUrls,
    disposable: () => t.createMember('user', 'Disposable Member'),
    hiddenFromMe: [UNSEEN],
  };
}

/** The session of `member` still works (routes that change credentials must leave it usable). */
export async function isSignedIn(t: TestApp, cookie: string): Promise<boolean> {
  return (await t.call('GET', '/api/auth/me', { cookie })).statusCode === 200;
}
