/**
 * The audit log in words (issue 36): who did what to whom or which item, and the entry's before
 * and after as labelled text. Never JSON, never a raw id: an id-valued detail is left out, and a
 * target whose name is unknown is named by its kind.
 */
import { format } from 'date-fns';
import { ROLE_LABELS } from '@common/schemas/admin';
import { DECISION_REASON_LABELS, type AuditEntry } from '@common/schemas/moderation';
import { REPORT_REASON_LABELS } from '@common/schemas/report';
import { VISIBILITY_LABELS } from '@common/schemas/visibility';

const VERBS: Record<string, string> = {
  'role.change': 'changed the role of',
  'member.delete': 'deleted the account of',
  'activation.resend': 'resent the sign-up e-mail to',
  'activation.delete': 'deleted the pending activation of',
  'invitation.approve': 'approved the invitation request of',
  'invitation.reject': 'rejected the invitation request of',
  'invitation.delete': 'deleted the invitation request of',
  'message.create': 'created the system message',
  'message.update': 'updated the system message',
  'tip_type.create': 'created the tip type',
  'tip_type.rename': 'renamed the tip type',
  'report.dismiss': 'dismissed the reports of',
  'tip.hide': 'hid the tip',
  'tip.unhide': 'made visible again the tip',
  'guide.hide': 'hid the guide',
  'guide.unhide': 'made visible again the guide',
  'member.suspend': 'suspended',
  'member.lift': 'lifted the suspension of',
  'tip.delete': 'deleted the tip',
  'guide.delete': 'deleted the guide',
};

const KINDS: Record<string, string> = {
  member: 'a member',
  tip: 'a tip',
  guide: 'a guide',
  invitation: 'an invitation request',
  activation: 'a pending activation',
  system_message: 'a system message',
  tip_type: 'a tip type',
};

/** Items are quoted by their title; people are named as they are. */
const QUOTED = new Set(['tip', 'guide', 'system_message', 'tip_type']);

const humanize = (text: string) => {
  const words = text
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** What the admin did, as a verb phrase ("hid the tip"). */
export function auditVerb(action: string): string {
  const verb = VERBS[action];
  if (verb) return verb;
  return humanize(action).toLowerCase();
}

/** The target in words: its name or title, else its kind ("a deleted tip"). */
export function auditTarget(e: Pick<AuditEntry, 'action' | 'targetType' | 'targetLabel'>): string {
  if (e.action === 'report.dismiss') {
    const label = e.targetLabel ? (QUOTED.has(e.targetType) ? `"${e.targetLabel}"` : e.targetLabel) : null;
    return label ? `the ${e.targetType === 'member' ? 'member' : e.targetType} ${label}` : (KINDS[e.targetType] ?? 'something');
  }
  if (!e.targetLabel) return KINDS[e.targetType] ?? 'something';
  return QUOTED.has(e.targetType) ? `"${e.targetLabel}"` : e.targetLabel;
}

export const ACTOR_FALLBACK = 'A former admin';

export function auditActor(actor: AuditEntry['actor']): string {
  return actor.name?.trim() || actor.username?.trim() || actor.email || ACTOR_FALLBACK;
}

/** Labels, in the order the details are shown (jsonb keeps its own key order, not the writer's). */
const KEY_LABELS: Record<string, string> = {
  name: 'Name',
  title: 'Title',
  role: 'Role',
  hidden: 'Hidden',
  suspended: 'Suspended',
  until: 'Until',
  reason: 'Reason',
  note: 'Message to the member',
  outcome: 'Outcome',
  reporters: 'Reporters',
  open: 'Open',
  isActive: 'Shown to members',
  isEmailSent: 'E-mail sent',
  fullName: 'Name',
  email: 'E-mail',
  via: 'From',
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function valueText(key: string, value: unknown): string | null {
  if (value === null || value === undefined) return key === 'until' ? 'Until lifted' : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (key === 'role' && value in ROLE_LABELS) return ROLE_LABELS[value as keyof typeof ROLE_LABELS];
    if (key === 'reason' && value in DECISION_REASON_LABELS)
      return DECISION_REASON_LABELS[value as keyof typeof DECISION_REASON_LABELS];
    if (key === 'reason' && value in REPORT_REASON_LABELS)
      return REPORT_REASON_LABELS[value as keyof typeof REPORT_REASON_LABELS];
    if (key === 'visibility' && value in VISIBILITY_LABELS) return VISIBILITY_LABELS[value as keyof typeof VISIBILITY_LABELS];
    // "tip:<id>": the suspension came from a report of the member's tip or guide.
    if (key === 'via') return `A report of their ${value.split(':')[0] ?? 'content'}`;
    if (UUID.test(value)) return null;
    if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) return format(new Date(value), 'MMM d, yyyy, HH:mm');
    return key === 'outcome' || key === 'status' ? humanize(value) : value;
  }
  if (Array.isArray(value)) {
    const parts = value.map((v) => valueText(key, v)).filter((v): v is string => v !== null);
    return parts.length ? parts.join(', ') : null;
  }
  return null;
}

export interface AuditDetail {
  label: string;
  text: string;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * Before and after as labelled lines: a changed value as "before → after", a value only one side
 * has as it is. Id-valued details (an author's id) and nested objects are left out.
 */
export function auditDetails(e: Pick<AuditEntry, 'before' | 'after'>): AuditDetail[] {
  const before = asRecord(e.before);
  const after = asRecord(e.after);
  const order = Object.keys(KEY_LABELS);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !/Id$/.test(k))
    .sort((a, b) => rank(a) - rank(b));
  const details: AuditDetail[] = [];
  for (const key of keys) {
    const label = KEY_LABELS[key] ?? humanize(key);
    const was = key in before ? valueText(key, before[key]) : null;
    const now = key in after ? valueText(key, after[key]) : null;
    if (was === null && now === null) continue;
    if (key in before && key in after && was !== null && now !== null) {
      details.push({ label, text: was === now ? now : `${was} → ${now}` });
    } else {
      details.push({ label, text: (now ?? was)! });
    }
  }
  return details;
}
