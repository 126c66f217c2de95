/** "Download my data" (issue 24, ADR 080): the ticket a download starts with, its texts and file name. */
import { z } from 'zod';

export const DATA_EXPORT_TEXTS = {
  cardTitle: 'Your data',
  cardDescription: 'Download a copy of everything you have put into Waymark.',
  contents: [
    'Your profile and account details',
    'Your tips and guides, with each guide’s day-by-day itinerary',
    'What you liked and saved',
    'Your connections (other members by name only) and notifications',
    'Your invitation request',
    'Your photos, as Waymark stores them',
  ],
  formatNote: 'One zip file with JSON files and a README that explains them. A large account takes a minute or two.',
  downloadButton: 'Download my data',
  preparing: 'Starting download...',
  downloadStarted: 'Your download has started',
  downloadStartedDetail: 'Your browser saves the zip file as it arrives.',
  downloadFailed: 'The download could not start. Please try again.',
  tooManyExports: 'You have downloaded your data several times in the last hour. Please try again later.',
  alreadyRunning: 'Your data is already being downloaded. Wait for that download to finish, then try again.',
  serverBusy: 'Many members are downloading their data right now. Please try again in a few minutes.',
  ticketGone: 'This download link has expired or was already used. Start the download again from your profile.',
  deleteHeading: 'Delete account',
  deleteDescription:
    'Permanently deletes your account and everything in it. Download your data first if you want to keep a copy.',
} as const;

/** 52 bytes in base64url (server/src/modules/data-export/export-tickets.ts). */
export const EXPORT_TICKET_PATTERN = /^[A-Za-z0-9_-]{70}$/;
export const ExportTicketParamsSchema = z.object({
  ticket: z.string().regex(EXPORT_TICKET_PATTERN, DATA_EXPORT_TEXTS.ticketGone),
});

/** POST /api/account/export: where the browser downloads the zip from (valid for a minute, once). */
export const DataExportStartSchema = z.object({
  url: z.string(),
  fileName: z.string(),
});
export type DataExportStart = z.infer<typeof DataExportStartSchema>;

/** `waymark-<username>-<yyyy-mm-dd>.zip`, ASCII only (a header value), `member` without a username. */
export function dataExportFileName(username: string | null, day: Date): string {
  const handle = (username ?? '')
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '')
    .slice(0, 40);
  return `waymark-${handle || 'member'}-${day.toISOString().slice(0, 10)}.zip`;
}
