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
  noteRequired: 'Please say why',
  noHandledReports: 'No handled reports yet',
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
 * Why an admin hides, suspends or deletes (issue 36, ADR 106): one of a short list, plus free
 * words; `other` needs the words. Stored with the decision and told to the member concerned.
 */
export const DECISION_REASONS = ['spam', 'harassment', 'unsafe', 'wrong_information', 'off_topic', 'other'] as const;
export const DecisionReasonSchema = z.enum(DECISION_REASONS, { error: MODERATION_TEXTS.reasonRequired });
export type DecisionReason = z.infer<typeof DecisionReasonSchema>;

export const DECISION_REASON_LABELS: Record<DecisionReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  unsafe: 'Unsafe or illegal',
  wrong_information: 'Wrong information',
  off_topic: 'Not about travel',
  other: 'Other',
};

/** The actions that take something away from a member: each needs a reason (issue 36). */
export const ACTIONS_NEEDING_A_REASON: readonly ModerationActionName[] = ['hide', 'suspend', 'delete'];

/**
 * One admin action on a reported (or any) tip, guide or member. suspend and lift act on the
 * member, or on the author of a tip or guide; `until` null = until lifted. dismiss, hide, suspend
 * and delete close the thing's open reports and tell each reporter the outcome. hide, suspend and
 * delete need a reason (and words for `other`); the member concerned is told it.
 */
export const ModerationActionSchema = z
  .object({
    action: ModerationActionNameSchema,
    target: ReportTargetSchema,
    targetId: z.uuid('Not a valid id'),
    until: z.iso.datetime({ offset: true, message: 'Please choose a date and time' }).nullable().optional(),
    reason: DecisionReasonSchema.optional(),
    note: multiLine(z.string().trim().max(500, 'Please keep it under 500 characters')).optional(),
  })
  .superRefine((a, ctx) => {
    if (ACTIONS_NEEDING_A_REASON.includes(a.action) && !a.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: MODERATION_TEXTS.reasonRequired });
    }
    if (a.reason === 'other' && !a.note) ctx.addIssue({ code: 'custom', path: ['note'], message: MODERATION_TEXTS.noteRequired });
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
  /** The admin: e-mail as recorded; name and handle while their profile exists (issue 36). */
  actor: z.object({
    id: z.string().nullable(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    username: z.string().nullable(),
  }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** What the target is called now (name, title, e-mail), else as the entry recorded it; null when unknown. */
  targetLabel: z.string().nullable(),
  /** A member target's handle while they exist, for the link to their profile. */
  targetUsername: z.string().nullable(),
  /** Whether the target still exists (a link is offered only then). */
  isTargetPresent: z.boolean(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const because = (reason: DecisionReason | undefined, note: string | undefined) =>
  `${reason ? ` Reason: ${DECISION_REASON_LABELS[reason]}.` : ''}${note ? ` The admin wrote: ${note}` : ''}`;

/**
 * What the member concerned is told of a decision on their tip, guide or account (issue 36): the
 * item, the decision and the admin's reason. Never who reported it, nor which admin acted.
 */
export const AUTHOR_NOTICES = {
  hidden: (kind: 'tip' | 'guide', title: string, reason?: DecisionReason, note?: string) =>
    `An admin hid your ${kind} "${title}": other members cannot see it now.${because(reason, note)}`,
  shown: (kind: 'tip' | 'guide', title: string) => `An admin made your ${kind} "${title}" visible again.`,
  deleted: (kind: 'tip' | 'guide', title: string, reason?: DecisionReason, note?: string) =>
    `An admin deleted your ${kind} "${title}".${because(reason, note)}`,
  suspended: (until: string | null, reason?: DecisionReason, note?: string) =>
    `An admin suspended your account ${until ? `until ${new Date(until).toUTCString()}` : 'until an admin lifts the suspension'}.${because(reason, note)}`,
};

/** What each admin is told when a thing gets its first open report (issue 36): no reporter named. */
export function newReportNotice(target: z.infer<typeof ReportTargetSchema>, title: string | null): string {
  const what = target === 'member' ? `The member ${title ?? ''}`.trim() : `A ${target}${title ? ` "${title}"` : ''}`;
  return `${what} was reported. See the Reports tab.`;
}

/** A decision on reports as the Handled view shows it (issue 36): what, who decided, why and when. */
export const HandledReportSchema = z.object({
  id: z.string(),
  outcome: ReportOutcomeSchema,
  target: ReportTargetSchema,
  targetId: z.string(),
  /** The tip or guide title, or the member's name, as it was when decided. */
  title: z.string().nullable(),
  /** The member concerned while their profile exists. */
  member: PersonSchema.nullable(),
  reason: DecisionReasonSchema.nullable(),
  note: z.string().nullable(),
  /** The admin who decided, while their profile exists. */
  moderator: PersonSchema.nullable(),
  reportCount: z.number(),
  reportReasons: z.array(ReportReasonSchema),
  decidedAt: z.string(),
});
export type HandledReport = z.infer<typeof HandledReportSchema>;
