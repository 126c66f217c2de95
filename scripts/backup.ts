/**
 * `npm run backup -- FILE`: one archive of the database and every photo file (ADR 119), taken
 * while the server runs, with the settings the server reads. Exits 2 on a usage or settings error.
 */
import { ConfigError, loadConfig } from '@server/config/env';
import { BACKUP_WARNING } from '@server/modules/backup/backup-archive';
import { takeBackup } from '@server/modules/backup/take-backup';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('Usage: npm run backup -- FILE   (FILE must not exist yet)');
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  const started = Date.now();
  const manifest = await takeBackup({ settings: config, file, print: (line) => console.log(line) });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Backup written to ${file}: ${rows} rows, ${manifest.files.length} photo files, ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (manifest.missingPhotos.length > 0) {
    console.log(`${manifest.missingPhotos.length} photos the database names had no file (lost before this backup):`);
    for (const url of manifest.missingPhotos) console.log(`  ${url}`);
  }
  console.log(`\n${BACKUP_WARNING}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
