import { z } from 'zod';
import { COUNTRIES } from '../lists/countries';
import { REFERRAL_SOURCE_VALUES } from '../lists/referral-sources';
import { LIMITS } from '../limits';
import { TEXTS } from '../texts';
import { multiLine, singleLine } from './common';

/** submit_invitation_request (docs/product.md#invitations-and-signing-up): every field required, 50-character minimum. */
export const InvitationRequestSchema = z.object({
  fullName: singleLine(z.string().trim().min(1, 'Full name is required').max(LIMITS.nameMaxLength)),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(LIMITS.emailMaxLength)
    .pipe(z.email('Please enter a valid email address')),
  country: z.enum(COUNTRIES, 'Please choose your country from the list'),
  howDidYouKnow: z.enum(REFERRAL_SOURCE_VALUES, 'Please tell us how you heard about us'),
  aboutYourself: multiLine(
    z
      .string()
      .trim()
      .min(LIMITS.aboutYourselfMinLength, TEXTS.aboutYourselfTooShort)
      .max(LIMITS.aboutYourselfMaxLength, `Please keep it under ${LIMITS.aboutYourselfMaxLength} characters.`),
  ),
});
export type InvitationRequest = z.infer<typeof InvitationRequestSchema>;

export const INVITATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const InvitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

/** An invitation request as an admin sees it. */
export const InvitationSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  country: z.string(),
  howDidYouKnow: z.string().nullable(),
  aboutYourself: z.string().nullable(),
  status: InvitationStatusSchema,
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** Approve answers whether the signup e-mail went out: a failed send is a Warning, not an error. */
export const InvitationDecisionResultSchema = z.object({
  invitation: InvitationSchema,
  isEmailSent: z.boolean(),
});
export type InvitationDecisionResult = z.infer<typeof InvitationDecisionResultSchema>;
