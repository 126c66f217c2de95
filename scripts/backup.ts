/**
 * `npm run backup -- FILE`: one archive of the database and every photo file (ADR 119), taken
 * while the server runs, with the settings the server reads. Exits 2 on a usage or settings error.
 */
import { BACKUP_WARNING } from '@server/modules/backup/backup-archive';
import { takeBackup } from '@server/modules/backup/take-backup';
import { fileArgument, runOperatorCommand } from './lib/operator-command';

runOperatorCommand(async (config) => {
  const file = fileArgument('npm run backup -- FILE   (FILE must not exist yet)');
  const started = Date.now();
  const manifest = await takeBackup({ settings: config, file, print: (line) => console.log(line) });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Backup written to ${file}: ${rows} rows, ${manifest.files.length} photo files, ${seconds} s.`);
  if (manifest.missingPhotos.length > 0) {
    console.log(`${manifest.missingPhotos.length} photos the database names had no file (lost before this backup):`);
    for (const url of manifest.missingPhotos) console.log(`  ${url}`);
  }
  console.log(`\n${BACKUP_WARNING}`);
  return 0;
});
