import { z } from 'zod';
import { multiLine } from './common';
import { REPORT_REASONS, ReportOutcomeSchema, ReportReasonSchema, ReportTargetSchema } from './report';

/** Texts of reporting and moderation (issue 25), shared by the server and the client. */
export const MODERATION_TEXTS = {
  reportTitle: 'Report',
  reportSent: 'Thanks, your report was sent to the admins.',
  reportFailed: 'Failed to send the report',
  detailsRequired: 'Please say what is wrong',
  reasonRequired: 'Please choose a reason',
  cannotReportSelf: 'You cannot report yourself or your own content.',
  notFound: 'There is nothing to report here.',
  actionFailed: 'Failed to apply the action',
  noSuchAction: 'This action does not apply to this kind of report.',
  untilInPast: 'Please choose a time in the future',
  suspendSelf: 'You cannot suspend yourself.',
  noOpenReports: 'No open reports',
  noAuditEntries: 'No admin actions yet',
  unhide: 'Unhide',
  shownAgain: 'Shown again',
  suspendedUntil: (until: string) =>
    `Your account is suspended until ${new Date(until).toUTCString()}. You cannot sign in until then.`,
  suspendedIndefinitely: 'Your account is suspended until an admin lifts the suspension. You cannot sign in.',
} as const;

/** What the reporter is told: the outcome, never who or what else (issue 25). */
export const REPORT_OUTCOME_NOTICES: Record<z.infer<typeof ReportOutcomeSchema>, string> = {
  dismissed: 'Thanks for your report. An admin reviewed it and took no action.',
  hidden: 'Thanks for your report. An admin reviewed it and hid the content.',
  suspended: 'Thanks for your report. An admin reviewed it and suspended the account responsible.',
  deleted: 'Thanks for your report. An admin reviewed it and removed what you reported.',
};

const reasonAndDetails = {
  reason: z.enum(REPORT_REASONS, { error: MODERATION_TEXTS.reasonRequired }),
  details: multiLine(z.string().trim().max(1000, 'Please keep it under 1000 characters')).optional(),
};
const hasDetailsIfOther = (r: { reason: string; details?: string }) => r.reason !== 'other' || (r.details ?? '').length > 0;
const detailsMissing = { path: ['details'], message: MODERATION_TEXTS.detailsRequired };

/** The Report dialog's fields. */
export const ReportFormSchema = z.object(reasonAndDetails).refine(hasDetailsIfOther, detailsMissing);
export type ReportForm = z.infer<typeof ReportFormSchema>;

export const ReportInputSchema = z
  .object({ target: ReportTargetSchema, targetId: z.uuid('Not a valid id'), ...reasonAndDetails })
  .refine(hasDetailsIfOther, detailsMissing);
export type ReportInput = z.infer<typeof ReportInputSchema>;

/** A repeat of an open report by the same member counts once: `isDuplicate` then. */
export const ReportReceivedSchema = z.object({ isDuplicate: z.boolean() });

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'unhide', 'suspend', 'lift', 'delete'] as const;
export const ModerationActionNameSchema = z.enum(MODERATION_ACTIONS);
export type ModerationActionName = z.infer<typeof ModerationActionNameSchema>;

export const MODERATION_ACTION_LABELS: Record<ModerationActionName, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  unhide: 'Unhide',
  suspend: 'Suspend',
  lift: 'Lift suspension',
  delete: 'Delete',
};

/**
 * One admin action on a reported (or any) tip, guide or member. suspend and lift act on the
 * member, or on the author of a tip or guide; `until` null = until lifted. dismiss, hide, suspend
 * and delete close the thing's open reports and tell each reporter the outcome.
 */
export const ModerationActionSchema = z.object({
  action: ModerationActionNameSchema,
  target: ReportTargetSchema,
  targetId: z.uuid('Not a valid id'),
  until: z.iso.datetime({ offset: true, message: 'Please choose a date and time' }).nullable().optional(),
});
export type ModerationAction = z.infer<typeof ModerationActionSchema>;

export const ModerationResultSchema = z.object({ closedReports: z.number() });

const PersonSchema = z.object({ id: z.string(), name: z.string().nullable(), username: z.string().nullable() });

export const ReportEntrySchema = z.object({
  id: z.string(),
  reason: ReportReasonSchema,
  details: z.string().nullable(),
  createdAt: z.string(),
  reporter: PersonSchema.nullable(),
});

/** A reported thing with its open reports, as the Reports tab shows it (admins see it whatever its visibility). */
export const ReportCaseSchema = z.object({
  target: ReportTargetSchema,
  targetId: z.string(),
  /** Tip or guide title, or the member's name; null when it is gone. */
  title: z.string().nullable(),
  /** The start of the description, or the member's bio. */
  excerpt: z.string().nullable(),
  /** The member responsible: the author, or the reported member. */
  member: PersonSchema.nullable(),
  visibility: z.enum(['public', 'connections', 'private']).nullable(),
  isHidden: z.boolean(),
  suspension: z.object({ until: z.string().nullable() }).nullable(),
  reporterCount: z.number(),
  lastReportedAt: z.string(),
  reports: z.array(ReportEntrySchema),
});
export type ReportCase = z.infer<typeof ReportCaseSchema>;

export const OpenReportCountSchema = z.object({ open: z.number() });

export const AuditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
