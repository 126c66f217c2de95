/**
 * `npm run seed:demo`: fills a fresh database (the configured one: DATA_DIR or DATABASE_URL)
 * with sample members and content, so Waymark can be shown without typing it all in.
 * Every member's password is printed at the end. Refuses to run twice. It lives in scripts/, not db/,
 * because it uses the server's password hasher and bootstrap (db/ imports only common/, ADR 038).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, openDatabase } from '@db/client';
import { accounts, connections, guideTips, profiles, tipTypes, userRoles, users } from '@db/schema';
import { bootstrap } from '@server/bootstrap';
import { loadConfig } from '@server/config/env';
import { hashPassword } from '@server/modules/auth/password-hasher';
import { insertGuide } from '@server/modules/guides/guides.repository';
import { guideSearchTextOf } from '@server/modules/guides/guides.service';
import { offlineGazetteer } from '@server/modules/maps/gazetteer';
import { type Gazetteer, createTipLocator } from '@server/modules/maps/tip-locator';
import { insertTip } from '@server/modules/tips/tips.repository';
import { tipSearchTextOf } from '@server/modules/tips/tips.service';

const DEMO_PASSWORD = 'waymark-demo';

const MEMBERS = [
  { name: 'Maya Lindqvist', email: 'maya@demo.waymark', country: 'Sweden', bio: 'Slow traveler, night-train fan.' },
  { name: 'Tomás Ferreira', email: 'tomas@demo.waymark', country: 'Portugal', bio: 'Cooks his way around the world.' },
  { name: 'Aiko Tanaka', email: 'aiko@demo.waymark', country: 'Japan', bio: 'Mountains, temples and ramen.' },
];

const TIPS = [
  {
    owner: 0,
    title: 'Sunrise at Fjällbacka',
    type: 'Nature',
    country: 'Sweden',
    city: 'Fjällbacka',
    place: 'Vetteberget',
    rating: 5,
    cost: '0',
    description: 'Climb the granite ridge before dawn for the archipelago view.',
    tags: ['nature', 'photography'],
  },
  {
    owner: 1,
    title: 'Bifana at Conga',
    type: 'Restaurant',
    country: 'Portugal',
    city: 'Porto',
    place: 'Conga',
    rating: 4,
    cost: '4.5',
    description: 'Spicy pork sandwiches, a Porto institution since 1976.',
    tags: ['food', 'budget'],
  },
  {
    owner: 2,
    title: 'Fushimi Inari at night',
    type: 'Culture',
    country: 'Japan',
    city: 'Kyoto',
    place: 'Fushimi Inari Taisha',
    rating: 5,
    cost: '0',
    description: 'The torii gates are empty and lantern-lit after 9 pm.',
    tags: ['culture', 'photography'],
  },
  {
    owner: 2,
    title: 'Capsule stay in Shinjuku',
    type: 'Hotel',
    country: 'Japan',
    city: 'Tokyo',
    place: 'Nine Hours',
    rating: 3,
    cost: '45',
    description: 'Clean, quiet and cheap; lockers fit a cabin bag only.',
    tags: ['budget', 'solo-travel'],
  },
];

async function createMember(db: Executor, member: (typeof MEMBERS)[number], passwordHash: string) {
  const [user] = await db.insert(users).values({ name: member.name, email: member.email }).returning({ id: users.id });
  const userId = user!.id;
  await db.insert(accounts).values({ userId, accountId: userId, providerId: 'credential', password: passwordHash });
  await db.insert(profiles).values({
    userId,
    name: member.name,
    username: member.email.split('@')[0],
    country: member.country,
    bio: member.bio,
    currency: 'EUR',
  });
  await db.insert(userRoles).values({ userId, role: 'user' });
  return userId;
}

const GUIDE = {
  title: 'Three days in Kyoto and Tokyo',
  location: 'Kansai and Kanto',
  countries: ['Japan'],
  description: 'Temples by night, a capsule hotel and a lot of ramen.',
  tags: ['cultural', 'budget travel'],
};

/**
 * Writes the demo members and content, unless they are there already (false then). Tips and
 * guides go through the repositories' inserts with the services' search text, as a member's own
 * writes do, so Explore's search finds them (issue 21: it found nothing), and are placed on the
 * map by their city as a member's tip is (issue 22).
 */
export async function seedDemoData(db: Database, gazetteer: Gazetteer = offlineGazetteer): Promise<boolean> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.email} like '%@demo.waymark'`);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Placed before the transaction: the gazetteer's first load takes a second.
  const locator = createTipLocator(gazetteer);
  const places = await Promise.all(
    TIPS.map((tip) => locator.locate({ googleMapsUrl: null, country: tip.country, city: tip.city }, undefined)),
  );
  await db.transaction(async (tx) => {
    const types = new Map((await tx.select().from(tipTypes)).map((t) => [t.name, t.id]));
    const ids: string[] = [];
    for (const member of MEMBERS) ids.push(await createMember(tx, member, passwordHash));
    const tipIds: string[] = [];
    for (const [i, tip] of TIPS.entries()) {
      const values = {
        title: tip.title,
        placeName: tip.place,
        city: tip.city,
        country: tip.country,
        description: tip.description,
        tags: tip.tags,
      };
      tipIds.push(
        await insertTip(tx, ids[tip.owner]!, {
          ...values,
          tipTypeId: types.get(tip.type) ?? null,
          rating: tip.rating,
          googleMapsUrl: null,
          experienceDate: null,
          valueSpent: tip.cost,
          currency: 'EUR',
          detailedContent: null,
          photoUrls: [],
          photoUrl: null,
          visibility: 'public',
          searchText: tipSearchTextOf(values),
          ...places[i],
        }),
      );
    }
    const guideId = await insertGuide(tx, ids[2]!, {
      ...GUIDE,
      daysCount: 3,
      photoUrls: [],
      visibility: 'public',
      searchText: guideSearchTextOf(GUIDE),
    });
    await tx.insert(guideTips).values([
      { guideId, tipId: tipIds[2]!, dayNumber: 1, orderInDay: 1 },
      {
        guideId,
        dayNumber: 2,
        orderInDay: 1,
        customTitle: 'Shinkansen to Tokyo',
        customDescription: 'Sit on the right for Mount Fuji.',
      },
      { guideId, tipId: tipIds[3]!, dayNumber: 3, orderInDay: 1 },
    ]);
    await tx.insert(connections).values({ requesterId: ids[0]!, addresseeId: ids[1]!, status: 'accepted' });
  });
  return true;
}

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    const { generatedAdmin } = await bootstrap(handle, config);
    if (generatedAdmin) console.log(`First admin created: ${generatedAdmin.email} / ${generatedAdmin.password}`);
    if (!(await seedDemoData(handle.db))) {
      console.log('Demo data is already there; nothing added.');
      return;
    }
    console.log(`Demo data added. Members (password "${DEMO_PASSWORD}"): ${MEMBERS.map((m) => m.email).join(', ')}`);
  } finally {
    await handle.close();
  }
}

// Run as a command (npm run seed:demo), not when a test imports seedDemoData.
if (import.meta.url === `file://${process.argv[1]}`) await main();
