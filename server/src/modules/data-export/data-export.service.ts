/**
 * "Download my data" (issue 24, ADR 080): a member downloads a zip of everything of theirs. The
 * route exports only the caller: there is no id to name another member, and the download
 * ticket names its member. Refusals (limits, an expired ticket, an export already running) are
 * JSON, decided before the first byte; after it, a failure breaks the transfer instead (the zip
 * never looks complete), and a reader who goes away stops the work at once.
 */
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { DATA_EXPORT_TEXTS, type DataExportStart, dataExportFileName } from '@common/schemas/data-export';
import type { Database, Executor } from '@db/client';
import { AppError, ConflictError, NotFoundError } from '@server/lib/errors';
import type { MediaStorage } from '../media/media-storage';
import * as repo from './data-export.repository';
import { writeArchive } from './export-archive';
import { createExportSlots } from './export-slots';
import { createUsedNonces } from './export-ticket-nonces';
import { createExportTickets } from './export-tickets';
import { createZipWriter } from '@server/lib/zip-writer';

export interface DataExportDeps {
  db: Database;
  /**
   * PostgreSQL: the whole export reads one REPEATABLE READ, READ ONLY snapshot. PGlite: none,
   * each page is its own statement: PGlite's one connection would be held by the transaction
   * for the whole download, and every other request would wait for it (ADR 080).
   */
  hasSnapshots: boolean;
  storage: Pick<MediaStorage, 'open'>;
  publicUrl: string;
  /** Signs the download tickets (the session secret). */
  secret: string;
  /** Where used tickets are recorded for every instance (ADR 118); null: this process only. */
  redis: Redis | null;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Exports running at once in this process (each holds a pooled connection on PostgreSQL). */
  capacity?: number;
}

export interface ExportDownload {
  fileName: string;
  output: Readable;
}

/** Resolves with the account once the snapshot is open, or rejects with the refusal. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function createDataExportService(deps: DataExportDeps) {
  const { db, publicUrl, log } = deps;
  const tickets = createExportTickets(deps.secret, createUsedNonces(deps.redis, log));
  const slots = createExportSlots(deps.capacity ?? 4);

  function inSnapshot(userId: string, work: (reader: Executor) => Promise<void>): Promise<void> {
    if (!deps.hasSnapshots) return work(db);
    return db.transaction(
      async (tx) => {
        // One export per member across every app instance (the slot covers only this process).
        if (!(await repo.tryLockExport(tx, userId))) throw new ConflictError(DATA_EXPORT_TEXTS.alreadyRunning);
        await work(tx);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /**
   * POST /api/account/export, before the rate limit counts: 409 while the member's export runs,
   * here or (on PostgreSQL, by its advisory lock) on another instance, so the refusal is an answer
   * the profile shows rather than a download that fails with a spent ticket.
   */
  async function assertCanStart(userId: string): Promise<void> {
    slots.assertIdle(userId);
    if (deps.hasSnapshots && (await repo.isExportLocked(db, userId))) {
      throw new ConflictError(DATA_EXPORT_TEXTS.alreadyRunning);
    }
  }

  /** POST /api/account/export: the URL to download from, valid for a minute, once. */
  async function start(userId: string): Promise<DataExportStart> {
    const account = await repo.findAccount(db, userId);
    return {
      url: `/api/account/export/${tickets.issue(userId)}`,
      fileName: dataExportFileName(account?.username ?? null, new Date()),
    };
  }

  /**
   * GET /api/account/export/:ticket: the zip, written while it is read. `signal` aborts when
   * the reader goes away: the entry being written is destroyed (its file handle or page query
   * let go), the snapshot's transaction rolls back and the slot is freed.
   */
  async function open(userId: string, ticket: string, signal: AbortSignal): Promise<ExportDownload> {
    if (!(await tickets.redeem(userId, ticket))) throw new NotFoundError(DATA_EXPORT_TEXTS.ticketGone);
    const release = slots.claim(userId);
    const exportedAt = new Date();
    const zip = createZipWriter(signal, exportedAt);
    const opened = deferred<string | null>();
    let isHandedOut = false;
    inSnapshot(userId, async (reader) => {
      const account = await repo.findAccount(reader, userId);
      if (!account) throw new NotFoundError(DATA_EXPORT_TEXTS.ticketGone);
      isHandedOut = true;
      opened.resolve(account.username);
      await writeArchive(zip, { db: reader, storage: deps.storage, userId, publicUrl, exportedAt, signal }, account);
    })
      .then(() => {
        // The transaction has ended: free the member's slot, then let the last bytes go.
        release();
        if (!signal.aborted) zip.finish();
      })
      .catch((error: unknown) => {
        opened.reject(error);
        // A refusal (409 from another instance's lock) is answered, not logged; a reader leaving is no failure.
        if (!signal.aborted && !(error instanceof AppError)) {
          log.warn({ err: error, userId }, 'a data export failed while it was being written');
        }
        // Refused before the zip was handed out, nothing reads it: an 'error' event there would
        // have no listener and end the process.
        if (!isHandedOut) zip.output.destroy();
        else zip.destroy(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(release);
    const username = await opened.promise;
    return { fileName: dataExportFileName(username, exportedAt), output: zip.output };
  }

  return { assertCanStart, start, open, isRunning: (userId: string) => slots.isRunning(userId) };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
