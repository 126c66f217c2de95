/**
 * `npm run restore -- FILE`: a backup into an empty DATA_DIR, or an empty PostgreSQL database
 * (DATABASE_URL) and bucket (S3_*), with the settings the server will read (ADR 119). This is also
 * how an embedded site moves to PostgreSQL (README). Exits 2 on a usage or settings error.
 */
import { ConfigError, loadConfig } from '@server/config/env';
import { restoreBackup } from '@server/modules/backup/restore-backup';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('Usage: npm run restore -- FILE');
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
  const target = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `${config.dataDir}`;
  const manifest = await restoreBackup({ settings: config, file, print: (line) => console.log(line) });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Restored ${rows} rows and ${manifest.files.length} photo files into ${target}` +
      `${config.s3 ? ` and the bucket ${config.s3.bucket}` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server with these settings.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
