import { z } from 'zod';

export const NOTIFICATION_TEXTS = {
  markReadFailed: 'Failed to mark notification as read',
  markUnreadFailed: 'Failed to mark notification as unread',
  markAllFailed: 'Failed to mark all notifications as read',
  allMarked: 'All notifications marked as read',
  emptyAll: 'No notifications',
  emptyUnread: "You're all caught up!",
  emptyRead: 'No read notifications yet.',
  emptyAllDescription: 'No notifications yet.',
} as const;

/** The original notification types (docs/product.md#notifications); the database enum is built from this list too. */
export const NOTIFICATION_TYPES = [
  'connection_request',
  'connection_accepted',
  'connection_declined',
  'like',
  'connection',
  'guide',
  'tip',
  'tip_saved',
  'guide_saved',
  /** A report's outcome, told to the member who reported (issue 25); names no one. */
  'moderation',
  /** A member's own tip, guide or account was moderated, with the admin's reason (issue 36); names no reporter. */
  'content_moderated',
  /** To each admin: a thing got its first open report (issue 36); one per thing while it is open. */
  'report_received',
] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

export const NotificationSchema = z.object({
  id: z.string(),
  type: NotificationTypeSchema,
  content: z.string(),
  tipId: z.string().nullable(),
  guideId: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** The actor's profile (null when there is none, e.g. a deleted account, and always for tip_saved and guide_saved: saves are anonymous, ADR 031). */
  actor: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      username: z.string().nullable(),
      profilePictureUrl: z.string().nullable(),
    })
    .nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationFilterSchema = z.enum(['all', 'unread', 'read']);

export const NotificationCountsSchema = z.object({ all: z.number(), unread: z.number(), read: z.number() });
export type NotificationCounts = z.infer<typeof NotificationCountsSchema>;
