/**
 * `npm run media:move`: copies the photo files of DATA_DIR/uploads into the S3 bucket the S3_*
 * settings name (ADR 116), with the configuration the server reads (the same environment).
 * Resumable: a rerun skips every file already in the bucket with the same size and MD5.
 * It never deletes a local file. Exits 1 when a file could not be copied, 2 without S3_*.
 */
import { moveUploadsToBucket } from '@server/modules/media/media-move';
import { runOperatorCommand } from './lib/operator-command';

runOperatorCommand(async (config) => {
  if (!config.s3) {
    console.error(
      'media:move needs the bucket: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE as needed).',
    );
    return 2;
  }
  const summary = await moveUploadsToBucket({ dataDir: config.dataDir, settings: config.s3, print: (line) => console.log(line) });
  console.log(
    `Done: ${summary.copied} copied, ${summary.alreadyThere} already there, ${summary.failed} failed` +
      (summary.ignored > 0 ? `, ${summary.ignored} ignored (not photos)` : '') +
      ` (of ${summary.total}).`,
  );
  console.log(
    `No local file was deleted. Once the server runs with S3_* set and shows its photos, remove ${config.dataDir}/uploads yourself.`,
  );
  if (summary.failed > 0) console.log('Some files failed: run media:move again, it copies only what is missing.');
  return summary.failed > 0 ? 1 : 0;
});
