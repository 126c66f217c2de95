/**
 * Profiles (docs/product.md#profiles, docs/product.md#who-may-do-what): any active member reads any active member's profile; only
 * the owner edits theirs and uploads their picture. Stats count what the viewer may see.
 */
import type { FastifyBaseLogger } from 'fastify';
import { WORLD_COUNTRY_COUNT } from '@common/lists/countries';
import { PROFILE_TEXTS, type Profile } from '@common/schemas/profile';
import type { Database } from '@db/client';
import { isUniqueViolation } from '@db/pg-errors';
import { ConflictError, NotFoundError } from '@server/lib/errors';
import { reencodeImage } from '../media/image';
import type { MediaStorage } from '../media/media-storage';
import { removeUnreferencedPhotos } from '../media/photo-files';
import { blockedEitherWay } from '../blocks/blocks.repository';
import * as repo from './profiles.repository';

export const PROFILE_SERVICE_TEXTS = {
  notFound: 'Profile not found',
} as const;

export const AVATAR_BUCKET = 'avatars';
/** Longest side of a stored profile picture (the photos' cap is 2048). */
export const AVATAR_MAX_SIDE = 512;

/** docs/product.md#profiles: distinct countries / 195 * 100, one decimal (the profile). */
export function worldExploredPercent(countries: number): number {
  return Math.round((countries / WORLD_COUNTRY_COUNT) * 1000) / 10;
}

/** docs/product.md#profiles: the same figure as a whole number (connection cards). */
export function worldExploredWholePercent(countries: number): number {
  return Math.round((countries / WORLD_COUNTRY_COUNT) * 100);
}

function isActive(row: repo.ProfileRow): boolean {
  return row.role === 'user' || row.role === 'admin';
}

export interface ProfileInput {
  name: string;
  username: string;
  bio: string | null;
  country: string | null;
  currency: string | null;
}

export function createProfilesService(deps: { db: Database; storage: MediaStorage; log: FastifyBaseLogger }) {
  const { db, storage, log } = deps;

  async function get(userId: string, viewerId: string): Promise<Profile> {
    return present(await repo.findProfileRow(db, userId), viewerId);
  }

  /** The member behind a shareable profile URL (/members/:username, ADR 046); any case. */
  async function getByUsername(username: string, viewerId: string): Promise<Profile> {
    return present(await repo.findProfileRowByUsername(db, username), viewerId);
  }

  /** Only active members have a profile to show: unknown and pending are the same 404. */
  async function present(row: repo.ProfileRow | undefined, viewerId: string): Promise<Profile> {
    if (!row || !isActive(row)) throw new NotFoundError(PROFILE_SERVICE_TEXTS.notFound);
    const { userId } = row;
    const isOwn = userId === viewerId;
    // Blocked either way: the same 404 as no such member (ADR 086).
    if (!isOwn && (await blockedEitherWay(db, viewerId, userId))) throw new NotFoundError(PROFILE_SERVICE_TEXTS.notFound);
    const stats = await repo.profileStats(db, userId, isOwn, viewerId);
    return {
      userId: row.userId,
      name: row.name,
      username: row.username,
      profilePictureUrl: row.profilePictureUrl,
      country: row.country,
      bio: row.bio,
      countriesVisited: stats.countries,
      worldExploredPercent: worldExploredWholePercent(stats.countries.length),
      currency: row.currency,
      createdAt: row.userCreatedAt.toISOString(),
      email: isOwn ? row.email : null,
      isOwn,
      stats: {
        tipsCount: stats.tipsCount,
        guidesCount: stats.guidesCount,
        countriesVisitedCount: stats.countries.length,
        connectionsCount: stats.connectionsCount,
        worldExploredPercent: worldExploredPercent(stats.countries.length),
      },
    };
  }

  async function update(userId: string, input: ProfileInput): Promise<Profile> {
    try {
      await db.transaction((tx) => repo.saveProfile(tx, userId, input));
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(PROFILE_TEXTS.usernameTaken, { code: 'username_taken', field: 'username' });
      throw error;
    }
    return get(userId, userId);
  }

  /** Re-encodes and stores the picture, points the profile at it, then removes the old file. */
  async function setPicture(userId: string, image: Buffer): Promise<Profile> {
    const encoded = await reencodeImage(image, AVATAR_MAX_SIDE);
    const [url] = await storage.save(AVATAR_BUCKET, userId, [encoded]);
    if (!url) throw new Error('avatar was not stored');
    let previous: string | null;
    try {
      previous = await db.transaction((tx) => repo.replacePicture(tx, userId, url));
    } catch (error) {
      await removeUnreferencedPhotos({ db, storage, log }, [url]);
      throw error;
    }
    // The old picture goes unless another record uses it (ADR 041).
    if (previous && previous !== url) await removeUnreferencedPhotos({ db, storage, log }, [previous]);
    return get(userId, userId);
  }

  return { get, getByUsername, update, setPicture };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
