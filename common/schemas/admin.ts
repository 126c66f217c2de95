import { z } from 'zod';
import { RoleSchema } from './auth';
import { PageQuerySchema, multiLine, singleLine } from './common';

export const ADMIN_TEXTS = {
  loading: 'Loading admin panel...',
  roleUpdateFailed: 'Failed to update user role',
  roleUpdated: 'User role updated to ',
  resendFailed: 'Failed to resend approval email',
  resent: 'Approval email resent successfully',
  deleteUserFailed: 'Failed to delete user',
  userDeleted: 'User deleted successfully',
  deleteActivationFailed: 'Failed to delete pending activation',
  activationDeleted: 'Pending activation deleted successfully',
  deleteInvitationFailed: 'Failed to delete invitation request',
  invitationDeleted: 'Invitation request deleted',
  saveMessageFailed: 'Failed to save system message',
  messageCreated: 'System message created',
  messageUpdated: 'System message updated',
  saveTipTypeFailed: 'Failed to save tip type',
  tipTypeCreated: 'Tip type created',
  tipTypeUpdated: 'Tip type updated',
  lastAdmin: 'Waymark needs at least one admin: make another member admin first.',
  tipTypeExists: 'A tip type with this name already exists',
  pendingSignup: 'Pending Signup',
  searchUsers: 'Search users',
  searchUsersHint: 'Name, username or e-mail',
  noUsersFound: 'No users match this search.',
  anonymous: 'Anonymous',
} as const;

/** docs/product.md#roles: the role selector's labels. */
export const ROLE_LABELS = { pending: 'Waiting Activation', user: 'User', admin: 'Admin' } as const;

export const AdminStatsSchema = z.object({
  totalUsers: z.number(),
  /** Users with role pending plus the pending activations (docs/product.md#the-admin-panel). */
  pendingUsers: z.number(),
  invitationRequests: z.number(),
  totalTips: z.number(),
  totalGuides: z.number(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** A user row of User Management (users without a profile are left out, docs/product.md#the-admin-panel). */
export const AdminUserSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string(),
  role: RoleSchema,
  createdAt: z.string(),
  /** A suspension in force (issue 25): until when, null = until lifted; null when not suspended. */
  suspension: z.object({ until: z.string().nullable() }).nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** User Management's list: a page, and a part of a name, handle or e-mail to look for (issue 36). */
export const AdminUsersQuerySchema = PageQuerySchema.extend({
  q: singleLine(z.string().trim().max(100, 'Please keep the search under 100 characters')).optional(),
});

export const RoleChangeSchema = z.object({ role: RoleSchema });

export const PendingActivationSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  country: z.string().nullable(),
  createdAt: z.string(),
});
export type PendingActivation = z.infer<typeof PendingActivationSchema>;

export const ResendResultSchema = z.object({ isEmailSent: z.boolean() });

export const SystemMessageInputSchema = z.object({
  title: singleLine(z.string().trim().min(1, 'Please enter a title').max(200)),
  content: multiLine(z.string().trim().min(1, 'Please enter the message').max(2000)),
});
export type SystemMessageInput = z.infer<typeof SystemMessageInputSchema>;
export const SystemMessageActiveSchema = z.object({ isActive: z.boolean() });

export const TipTypeInputSchema = z.object({ name: singleLine(z.string().trim().min(1, 'Please enter a name').max(60)) });
export type TipTypeInput = z.infer<typeof TipTypeInputSchema>;
