/**
 * The database and photo store a backup reads or a restore writes, from the same settings the
 * server reads (DATABASE_URL or DATA_DIR, S3_* or DATA_DIR/uploads).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '@db/client';
import type { Config } from '@server/config/env';
import { type MediaStorage, createMediaStorage } from '@server/modules/media/media-storage';
import { createS3MediaStorage } from '@server/modules/media/s3-media-storage';
import { backupSocketPath, claimDataDir, requestLiveDataDir } from './live-data-dir';

export type SiteSettings = Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;

export const embeddedDataDir = (dataDir: string) => path.join(dataDir, 'pglite');

export function siteStorage(settings: SiteSettings): MediaStorage {
  return settings.s3 ? createS3MediaStorage(settings.s3) : createMediaStorage(settings.dataDir);
}

export const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * The site's database to read a backup from. PostgreSQL is read in place (in one snapshot). The
 * embedded one is copied from the running server when one answers (live-data-dir.ts) and the copy
 * opened in memory here; with no server running, its directory is opened directly, and the socket
 * is held meanwhile so a server started during the backup refuses to open it too.
 */
export async function openBackupSource(settings: SiteSettings): Promise<DatabaseHandle> {
  if (settings.databaseUrl) return openDatabase({ kind: 'postgres', url: settings.databaseUrl, poolSize: 2 });
  const dir = embeddedDataDir(settings.dataDir);
  const socketPath = backupSocketPath(settings.dataDir);
  const live = await requestLiveDataDir(socketPath);
  if (live) return openDatabase({ kind: 'pglite', loadDataDir: new Blob([live]) });
  if (isEmptyFolder(dir)) throw new Error(`There is no Waymark database in ${settings.dataDir}: check DATA_DIR.`);
  const claim = await claimDataDir(settings.dataDir, () => undefined);
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir: dir });
  } catch (error) {
    await claim.close();
    throw error;
  }
  claim.attach(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await claim.close();
    },
  };
}
