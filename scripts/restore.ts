/**
 * `npm run restore -- FILE`: a backup into an empty DATA_DIR, or an empty PostgreSQL database
 * (DATABASE_URL) and bucket (S3_*), with the settings the server will read (ADR 119). This is also
 * how an embedded site moves to PostgreSQL (README). Exits 2 on a usage or settings error.
 */
import { restoreBackup } from '@server/modules/backup/restore-backup';
import { fileArgument, runOperatorCommand } from './lib/operator-command';

runOperatorCommand(async (config) => {
  const file = fileArgument('npm run restore -- FILE');
  const started = Date.now();
  const target = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir;
  const manifest = await restoreBackup({ settings: config, file, print: (line) => console.log(line) });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const bucket = config.s3 ? ` and the bucket ${config.s3.bucket}` : '';
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Restored ${rows} rows and ${manifest.files.length} photo files into ${target}${bucket} in ${seconds} s.`);
  console.log('Start the server with these settings.');
  return 0;
});
