/**
 * Profile cards (common/schemas/profile.ts ProfileCard) as connection lists, Discover and user
 * connections show them. Shared: the profiles module may import it.
 *
 * countriesVisited = the distinct countries of the member's tips the viewer can see (public
 * ones, plus private ones when the member is the viewer), alphabetical;
 * worldExploredPercent = round(count / WORLD_COUNTRY_COUNT * 100).
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { WORLD_COUNTRY_COUNT } from '@common/lists/countries';
import type { ProfileCard } from '@common/schemas/profile';
import type { Executor } from '@db/client';
import { profiles, tips } from '@db/schema';
import { isPublic } from '@db/visibility';

/** Alphabetical, independent of the database's collation (PGlite and PostgreSQL may differ). */
const alphabetical = (a: string, b: string) => a.localeCompare(b, 'en');

export function worldExploredPercent(countryCount: number): number {
  return Math.round((countryCount / WORLD_COUNTRY_COUNT) * 100);
}

/**
 * The cards of `userIds` as `viewerId` sees them, keyed by user id. Every id gets a card: a
 * member without a profile row gets one with null fields (the client shows its fallback name).
 */
export async function profileCards(
  db: Executor,
  viewerId: string,
  userIds: readonly string[],
): Promise<Map<string, ProfileCard>> {
  const ids = [...new Set(userIds)];
  const cards = new Map<string, ProfileCard>();
  if (ids.length === 0) return cards;

  // One after the other: inside a transaction both run on the same connection.
  const profileRows = await db
    .select({
      userId: profiles.userId,
      name: profiles.name,
      username: profiles.username,
      profilePictureUrl: profiles.profilePictureUrl,
      country: profiles.country,
      bio: profiles.bio,
    })
    .from(profiles)
    .where(inArray(profiles.userId, ids));
  const countryRows = await db
    .selectDistinct({ userId: tips.userId, country: tips.country })
    .from(tips)
    .where(and(inArray(tips.userId, ids), or(isPublic(tips), eq(tips.userId, sql`${viewerId}::uuid`))));

  const countries = new Map<string, string[]>();
  for (const row of countryRows) {
    const list = countries.get(row.userId) ?? [];
    list.push(row.country);
    countries.set(row.userId, list);
  }
  const profileOf = new Map(profileRows.map((p) => [p.userId, p]));
  for (const userId of ids) {
    const p = profileOf.get(userId);
    const visited = (countries.get(userId) ?? []).sort(alphabetical);
    cards.set(userId, {
      userId,
      name: p?.name ?? null,
      username: p?.username ?? null,
      profilePictureUrl: p?.profilePictureUrl ?? null,
      country: p?.country ?? null,
      bio: p?.bio ?? null,
      countriesVisited: visited,
      worldExploredPercent: worldExploredPercent(visited.length),
    });
  }
  return cards;
}

/** One member's card as the viewer sees it. */
export async function profileCard(db: Executor, viewerId: string, userId: string): Promise<ProfileCard> {
  const card = (await profileCards(db, viewerId, [userId])).get(userId);
  if (!card) throw new Error('profileCards returned no card for a requested id');
  return card;
}
