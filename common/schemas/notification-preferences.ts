/**
 * Per-kind notification choices (issue 25, ADR 090): in-app on/off and e-mail off, immediate or
 * a daily digest. A kind groups notification types; no stored row means the kind's default.
 */
import { z } from 'zod';
import type { NOTIFICATION_TYPES } from './notification';

type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_KINDS = [
  'likes',
  'saves',
  'connection_requests',
  'connection_accepted',
  'system_messages',
  'moderation',
  /** Admins only: new reports (issue 36). */
  'new_reports',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const EMAIL_CHOICES = ['off', 'immediate', 'daily'] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];
export const EmailChoiceSchema = z.enum(EMAIL_CHOICES, { error: 'Choose off, immediate or daily digest' });

export const NotificationPreferenceSchema = z.object({
  kind: NotificationKindSchema,
  inApp: z.boolean({ error: 'In-app must be on or off' }),
  email: EmailChoiceSchema,
});
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

/** GET answers every kind, in NOTIFICATION_KINDS order; PUT takes any of them (each kind once). */
export const NotificationPreferencesSchema = z.object({ preferences: z.array(NotificationPreferenceSchema) });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesInputSchema = z.object({
  preferences: z
    .array(NotificationPreferenceSchema)
    .min(1, 'Choose at least one kind')
    .max(NOTIFICATION_KINDS.length)
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, 'Each kind may appear once'),
});

/** ADR 090: in-app on for all; a daily digest for what others do, right away for a report's outcome. */
export const DEFAULT_PREFERENCES: Record<NotificationKind, { inApp: boolean; email: EmailChoice }> = {
  likes: { inApp: true, email: 'daily' },
  saves: { inApp: true, email: 'daily' },
  connection_requests: { inApp: true, email: 'daily' },
  connection_accepted: { inApp: true, email: 'daily' },
  system_messages: { inApp: true, email: 'off' },
  moderation: { inApp: true, email: 'immediate' },
  // ADR 106: one notice per reported thing while it is open; an admin wants it soon, not each.
  new_reports: { inApp: true, email: 'daily' },
};

/** The kind a notification type belongs to; null: types nobody can turn off (none today sent by e-mail). */
export function kindOfType(type: NotificationType): NotificationKind | null {
  switch (type) {
    case 'like':
      return 'likes';
    case 'tip_saved':
    case 'guide_saved':
      return 'saves';
    case 'connection_request':
      return 'connection_requests';
    case 'connection_accepted':
      return 'connection_accepted';
    case 'moderation':
    case 'content_moderated':
      return 'moderation';
    case 'report_received':
      return 'new_reports';
    default:
      return null;
  }
}

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  likes: 'Likes',
  saves: 'Saves',
  connection_requests: 'Connection requests',
  connection_accepted: 'Accepted requests',
  system_messages: 'System messages',
  moderation: 'Moderation',
  new_reports: 'New reports',
};

export const EMAIL_CHOICE_LABELS: Record<EmailChoice, string> = {
  off: 'Off',
  immediate: 'Right away',
  daily: 'Daily digest',
};

export const PREFERENCE_TEXTS = {
  cardTitle: 'Notification choices',
  cardDescription: 'Choose, for each kind, whether it shows in Waymark and whether you get an e-mail.',
  inApp: 'In Waymark',
  email: 'E-mail',
  saved: 'Notification choices saved',
  saveFailed: 'Could not save your notification choices',
  unsubscribeTitle: 'Unsubscribe from Waymark e-mails',
  unsubscribeButton: 'Unsubscribe',
  unsubscribeDone: 'You are unsubscribed. Waymark will not send you these e-mails any more.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;

/** The state of a background job as the admin's Outbox shows it. */
export const JOB_STATES = ['waiting', 'retrying', 'sent', 'skipped', 'failed'] as const;
export const JobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  key: z.string().nullable(),
  state: z.enum(JOB_STATES),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  runAt: z.string(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Job = z.infer<typeof JobSchema>;

export const UnsubscribeInputSchema = z.object({ token: z.string().min(1).max(400) });
export const UnsubscribeResultSchema = z.object({ kinds: z.array(NotificationKindSchema) });
