/**
 * What a backup file holds (ADR 119): a zip with `backup.json` (this manifest), one JSON-lines
 * entry per table under `database/`, and every stored photo file under `files/`, each with its
 * size and SHA-256 so a restore notices a damaged or altered archive.
 */
import { z } from 'zod';

export const BACKUP_FORMAT = 'waymark-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'backup.json';
export const README_ENTRY = 'README.txt';

export const tableEntry = (table: string) => `database/${table}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

export const BackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  source: z.object({ database: z.enum(['pglite', 'postgres']), photos: z.enum(['disk', 's3']) }),
  /** drizzle's hashes of the migrations the database had, oldest first: a restore needs the same code. */
  migrations: z.array(z.string()),
  tables: z.array(
    z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int().nonnegative(), sha256: Sha256Schema }),
  ),
  /** Photo files by key (`<kind>/<userId>/<file>`, as the stores name them). */
  files: z.array(z.object({ key: z.string(), size: z.number().int().nonnegative(), sha256: Sha256Schema })),
  /** Photos the database names whose file was already gone when the backup was taken. */
  missingPhotos: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

/** Said in the archive and by the command: the operator must keep the file as safe as the database. */
export const BACKUP_WARNING =
  'This backup holds every member’s e-mail address, password hash, two-factor secret and private content. ' +
  'Keep it where only the site’s operators can read it, and delete copies you no longer need.';

export const README_TEXT = `Waymark backup

${BACKUP_WARNING}

Restore it with \`npm run restore -- <this file>\` into an empty DATA_DIR, or with DATABASE_URL
(and S3_* for the photos) into an empty PostgreSQL database and bucket. docs/deploy.md says more.
`;
