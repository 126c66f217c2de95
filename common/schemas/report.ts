import { z } from 'zod';

/** What a member can report (issue 25). */
export const REPORT_TARGETS = ['tip', 'guide', 'member'] as const;
export const ReportTargetSchema = z.enum(REPORT_TARGETS);
export type ReportTarget = z.infer<typeof ReportTargetSchema>;

/** Why; `other` needs a few words of its own. The database enum is built from this list. */
export const REPORT_REASONS = ['spam', 'harassment', 'unsafe', 'wrong_information', 'other'] as const;
export const ReportReasonSchema = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ReportReasonSchema>;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  unsafe: 'Unsafe or illegal',
  wrong_information: 'Wrong information',
  other: 'Other',
};

/** How an admin closed a report; the reporter is told this, and nothing else (no names). */
export const REPORT_OUTCOMES = ['dismissed', 'hidden', 'suspended', 'deleted'] as const;
export const ReportOutcomeSchema = z.enum(REPORT_OUTCOMES);
export type ReportOutcome = z.infer<typeof ReportOutcomeSchema>;
