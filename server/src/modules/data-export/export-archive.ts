/**
 * The contents of "Download my data" (ADR 080), written entry by entry into the zip: each list
 * is read a keyset page at a time and each page becomes JSON Lines only when the zip asks for
 * more (Readable.from over an async generator pulls on demand), and each photo file is piped
 * from disk. Nothing is ever read whole into memory, and an abort stops between two pages.
 */
import { Readable } from 'node:stream';
import type { Executor } from '@db/client';
import { blockedBy } from '../blocks/blocks.repository';
import type { MediaStorage } from '../media/media-storage';
import { readPreferences } from '../notification-choices/preferences.repository';
import * as repo from './data-export.repository';
import { exportReadme } from './export-readme';
import * as records from './export-records';
import type { ZipWriter } from '@server/lib/zip-writer';

/** Rows per query: a page of tips with long texts is a few hundred KB at most. */
export const EXPORT_PAGE_ROWS = 200;

export interface ArchiveContext {
  db: Executor;
  storage: Pick<MediaStorage, 'open'>;
  userId: string;
  publicUrl: string;
  exportedAt: Date;
  signal: AbortSignal;
}

/** Pages of a keyset walk: `fetch(after)` reads the page after the key of the previous page's last row. */
async function* keysetPages<R, K>(
  signal: AbortSignal,
  fetch: (after: K | null) => Promise<R[]>,
  keyOf: (row: R) => K,
): AsyncGenerator<R[]> {
  let after: K | null = null;
  for (;;) {
    signal.throwIfAborted();
    const rows = await fetch(after);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < EXPORT_PAGE_ROWS || last === undefined) return;
    after = keyOf(last);
  }
}

const byCursor = (row: { cursorTs: string; id: string }) => ({ createdAt: row.cursorTs, id: row.id });

/** A JSON Lines entry's bytes, one page's lines per chunk, produced only as fast as they are read. */
function jsonLines(pages: AsyncIterable<unknown[]>): Readable {
  async function* lines() {
    for await (const page of pages) yield page.map((record) => `${JSON.stringify(record)}\n`).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

function mapPages<R, T>(pages: AsyncIterable<R[]>, toRecord: (row: R) => T): AsyncIterable<T[]> {
  return (async function* () {
    for await (const page of pages) yield page.map(toRecord);
  })();
}

function tipLines(c: ArchiveContext) {
  const pages = keysetPages(c.signal, (after) => repo.tipsPage(c.db, c.userId, after, EXPORT_PAGE_ROWS), byCursor);
  return jsonLines(mapPages(pages, (row) => records.tipRecord(row, c.userId, c.publicUrl)));
}

function guideLines(c: ArchiveContext) {
  const pages = keysetPages(c.signal, (after) => repo.guidesPage(c.db, c.userId, after, EXPORT_PAGE_ROWS), byCursor);
  return jsonLines(
    (async function* () {
      for await (const page of pages) {
        const items = await repo.itemsOfGuides(
          c.db,
          page.map((g) => g.id),
        );
        yield page.map((g) =>
          records.guideRecord(
            g,
            items.filter((i) => i.guideId === g.id),
            c.userId,
            c.publicUrl,
          ),
        );
      }
    })(),
  );
}

function likeLines(c: ArchiveContext) {
  type LikeRow = { key: string | null; itemId: string | null; title: string | null; createdAt: Date };
  const walk = (kind: 'tip' | 'guide', fetch: (after: string | null) => Promise<LikeRow[]>) =>
    mapPages(
      keysetPages(c.signal, fetch, (row) => row.key ?? ''),
      (row) => records.reactionRecord(kind, row.itemId ?? '', row.title, row.createdAt, c.publicUrl),
    );
  return jsonLines(
    (async function* () {
      yield* walk('tip', (after) => repo.tipLikesPage(c.db, c.userId, after, EXPORT_PAGE_ROWS));
      yield* walk('guide', (after) => repo.guideLikesPage(c.db, c.userId, after, EXPORT_PAGE_ROWS));
    })(),
  );
}

function saveLines(c: ArchiveContext) {
  const pages = keysetPages(c.signal, (after) => repo.savesPage(c.db, c.userId, after, EXPORT_PAGE_ROWS), byCursor);
  return jsonLines(
    mapPages(pages, (row) =>
      row.tipId
        ? records.reactionRecord('tip', row.tipId, row.tipTitle, row.createdAt, c.publicUrl)
        : records.reactionRecord('guide', row.guideId ?? '', row.guideTitle, row.createdAt, c.publicUrl),
    ),
  );
}

function connectionLines(c: ArchiveContext) {
  const fetch = (after: string | null) => repo.connectionsPage(c.db, c.userId, after, EXPORT_PAGE_ROWS);
  return jsonLines(
    mapPages(
      keysetPages(c.signal, fetch, (row) => row.id),
      records.connectionRecord,
    ),
  );
}

function notificationLines(c: ArchiveContext) {
  const fetch = (after: Parameters<typeof repo.notificationsPage>[2]) =>
    repo.notificationsPage(c.db, c.userId, after, EXPORT_PAGE_ROWS);
  return jsonLines(mapPages(keysetPages(c.signal, fetch, byCursor), records.notificationRecord));
}

function blockLines(c: ArchiveContext) {
  // The Blocked members list's query, which reads one row past its limit.
  const pages = keysetPages(c.signal, (after) => blockedBy(c.db, c.userId, after, EXPORT_PAGE_ROWS - 1), byCursor);
  return jsonLines(mapPages(pages, records.blockRecord));
}

function reportLines(c: ArchiveContext) {
  const pages = keysetPages(c.signal, (after) => repo.reportsPage(c.db, c.userId, after, EXPORT_PAGE_ROWS), byCursor);
  return jsonLines(mapPages(pages, (row) => records.reportRecord(row, c.publicUrl)));
}

/** Pipes one photo file into the zip; false when it is gone from storage (README.txt says so). */
async function addPhoto(zip: ZipWriter, c: ArchiveContext, url: string): Promise<boolean> {
  const ref = records.ownPhoto(url, c.userId);
  if (!ref) return false;
  const photo = await c.storage.open(ref);
  if (!photo) return false;
  // The stream closes its file or connection when it ends or is destroyed (an abort included).
  await zip.add(records.photoPath(ref), photo.stream, { store: true });
  return true;
}

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

type Account = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;

/**
 * Writes every entry of the member's export. The caller ends the zip (`zip.finish()`) once the
 * snapshot is closed, so a reader who has the whole file can start the next export at once.
 */
export async function writeArchive(zip: ZipWriter, c: ArchiveContext, account: Account): Promise<void> {
  const invitation = await repo.findInvitationRequest(c.db, account.email);
  await zip.add('README.txt', exportReadme(c.exportedAt, c.publicUrl));
  await zip.add('profile.json', pretty(records.accountRecord(account, c.exportedAt)));
  await zip.add('invitation-request.json', pretty(invitation ?? null));
  await zip.add('tips.jsonl', tipLines(c));
  await zip.add('guides.jsonl', guideLines(c));
  await zip.add('likes.jsonl', likeLines(c));
  await zip.add('saves.jsonl', saveLines(c));
  await zip.add('connections.jsonl', connectionLines(c));
  await zip.add('notifications.jsonl', notificationLines(c));
  await zip.add('notification-choices.json', pretty({ preferences: await readPreferences(c.db, c.userId) }));
  await zip.add('blocks.jsonl', blockLines(c));
  await zip.add('reports.jsonl', reportLines(c));
  const photoPages = keysetPages<string, string>(
    c.signal,
    (after) => repo.photoUrlsPage(c.db, c.userId, after, EXPORT_PAGE_ROWS),
    (url) => url,
  );
  for await (const urls of photoPages) {
    for (const url of urls) await addPhoto(zip, c, url);
  }
  c.signal.throwIfAborted();
}
