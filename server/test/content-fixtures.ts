/**
 * Content rows written straight through drizzle, so list, search and privacy tests need not go
 * through the tip and guide routes. search_text is set the way the services set it.
 */
import type { Visibility } from '@common/schemas/visibility';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { searchTextOf } from '@common/search';
import type { Executor } from '@db/client';
import { guides, likes, savedItems, tips } from '@db/schema';

let seq = 0;

export interface TipFixture {
  title?: string;
  country?: string;
  city?: string;
  placeName?: string | null;
  description?: string;
  tags?: string[];
  /** The old Private switch (docs/product.md#visibility): true = private; visibility wins when both are given. */
  isPrivate?: boolean;
  visibility?: Visibility;
  photoUrls?: string[];
  createdAt?: Date;
}

export async function insertTip(db: Executor, userId: string, o: TipFixture = {}) {
  seq += 1;
  const v = {
    title: o.title ?? `Tip ${seq}`,
    country: o.country ?? 'Portugal',
    city: o.city ?? 'Lisbon',
    placeName: o.placeName ?? null,
    description: o.description ?? `A short description ${seq}`,
    tags: o.tags ?? [],
    visibility: o.visibility ?? (o.isPrivate ? 'private' : 'public'),
    photoUrls: o.photoUrls ?? [],
  };
  const [row] = await db
    .insert(tips)
    .values({
      userId,
      ...v,
      photoUrl: v.photoUrls[0] ?? null,
      searchText: searchTextOf([v.title, v.placeName, v.city, v.country, v.description, v.tags]),
      ...(o.createdAt ? { createdAt: o.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('tip fixture not written');
  return row;
}

export interface GuideFixture {
  title?: string;
  location?: string | null;
  countries?: string[];
  description?: string | null;
  daysCount?: number;
  tags?: string[];
  /** The old Private switch (docs/product.md#visibility): true = private; visibility wins when both are given. */
  isPrivate?: boolean;
  visibility?: Visibility;
  photoUrls?: string[];
  createdAt?: Date;
}

export async function insertGuide(db: Executor, userId: string, o: GuideFixture = {}) {
  seq += 1;
  const v = {
    title: o.title ?? `Guide ${seq}`,
    location: o.location ?? null,
    countries: o.countries ?? ['Portugal'],
    description: o.description ?? null,
    daysCount: o.daysCount ?? 1,
    tags: o.tags ?? [],
    visibility: o.visibility ?? (o.isPrivate ? 'private' : 'public'),
    photoUrls: o.photoUrls ?? [],
  };
  const [row] = await db
    .insert(guides)
    .values({
      userId,
      ...v,
      searchText: searchTextOf([v.title, v.location, v.countries, v.description, v.tags]),
      ...(o.createdAt ? { createdAt: o.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('guide fixture not written');
  return row;
}

type Target = { tipId: string } | { guideId: string };

export async function insertLike(db: Executor, userId: string, target: Target) {
  const [row] = await db
    .insert(likes)
    .values({ userId, ...target })
    .returning();
  if (!row) throw new Error('like fixture not written');
  return row;
}

export async function insertSave(db: Executor, userId: string, target: Target, createdAt?: Date) {
  const [row] = await db
    .insert(savedItems)
    .values({ userId, ...target, ...(createdAt ? { createdAt } : {}) })
    .returning();
  if (!row) throw new Error('save fixture not written');
  return row;
}

/** Writes a file where the media storage keeps `bucket` uploads of `userId`; returns its URL. */
export function writeUpload(dataDir: string, bucket: string, userId: string): string {
  const file = `${Date.now()}-${randomBytes(4).toString('hex')}.webp`;
  const dir = path.join(dataDir, 'uploads', bucket, userId);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, file), Buffer.from('RIFF0000WEBP'));
  return `/api/media/${bucket}/${userId}/${file}`;
}
