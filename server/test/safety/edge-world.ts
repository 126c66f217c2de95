/**
 * Members and tips for the visibility tests outside the content lists (issue 25, ADR 084-085):
 * an author with a tip at each level and a hidden one, a connection, a stranger, a member the
 * author blocked, an admin, and a suspended member with a public tip. Each tip sits at a spot
 * of its own near Lisbon, so a map places it as its own point when zoomed in.
 */
import { inArray } from 'drizzle-orm';
import type { Tip } from '@common/schemas/tip';
import { blocks, connections, memberSuspensions, tips } from '@db/schema';
import type { TestApp } from '../test-app';

export type Member = Awaited<ReturnType<TestApp['createMember']>>;
export type Viewer = 'author' | 'connection' | 'stranger' | 'blocked' | 'admin';
export type TipName = 'public' | 'connections' | 'private' | 'hidden' | 'hiddenShared' | 'suspendedPublic';

export interface EdgeWorld {
  /** The viewers, and the suspended author (who cannot sign in while suspended). */
  members: Record<Viewer | 'suspended', Member>;
  tips: Record<TipName, Tip>;
  /** A word in every tip's title and nowhere else, for searches. */
  word: string;
}

/** What each viewer may see of the world's tips (ADR 081). */
export const SEES: Record<Viewer, TipName[]> = {
  author: ['public', 'connections', 'private', 'hidden', 'hiddenShared'],
  connection: ['public', 'connections'],
  stranger: ['public'],
  blocked: [],
  admin: ['public'],
};

export const VIEWERS = Object.keys(SEES) as Viewer[];

const link = (lat: number, lng: number) => `https://www.google.com/maps/place/Spot/@${lat},${lng},17z`;

export async function buildEdgeWorld(t: TestApp, word = 'zorvexa'): Promise<EdgeWorld> {
  const members = {
    author: await t.createMember('user', 'Ana Author'),
    connection: await t.createMember('user', 'Carl Connection'),
    stranger: await t.createMember('user', 'Sara Stranger'),
    blocked: await t.createMember('user', 'Ben Blocked'),
    admin: await t.createMember('admin', 'Ada Admin'),
    suspended: await t.createMember('user', 'Sam Suspended'),
  };
  let spot = 0;
  async function tip(owner: Member, name: string, visibility: string): Promise<Tip> {
    spot += 1;
    const res = await t.call('POST', '/api/tips', {
      cookie: owner.cookie,
      body: {
        title: `${name} ${word}`,
        description: 'Worth the walk.',
        country: 'Portugal',
        city: 'Lisbon',
        googleMapsUrl: link(38.7 + spot * 0.01, -9.14 - spot * 0.01),
        visibility,
      },
    });
    if (res.statusCode !== 201) throw new Error(`tip failed: ${res.statusCode} ${res.body}`);
    return res.json<Tip>();
  }
  const world = {
    public: await tip(members.author, 'Public', 'public'),
    connections: await tip(members.author, 'Shared', 'connections'),
    private: await tip(members.author, 'Private', 'private'),
    hidden: await tip(members.author, 'Hidden', 'public'),
    hiddenShared: await tip(members.author, 'HiddenShared', 'connections'),
    suspendedPublic: await tip(members.suspended, 'Suspended', 'public'),
  };
  await t.db
    .update(tips)
    .set({ hiddenAt: new Date() })
    .where(inArray(tips.id, [world.hidden.id, world.hiddenShared.id]));
  await t.db
    .insert(connections)
    .values({ requesterId: members.connection.id, addresseeId: members.author.id, status: 'accepted' });
  await t.db.insert(blocks).values({ blockerId: members.author.id, blockedId: members.blocked.id });
  await t.db.insert(memberSuspensions).values({ userId: members.suspended.id });
  return { members, tips: world, word };
}
