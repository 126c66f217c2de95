import { z } from 'zod';
import { PROFILE_CURRENCIES } from '../lists/currencies';
import { COUNTRIES } from '../lists/countries';
import { LIMITS } from '../limits';
import { USERNAME_TEXTS, UsernameSchema } from '../username';
import { multiLine, singleLine } from './common';

export const PROFILE_TEXTS = {
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  pictureUpdated: 'Profile picture updated successfully',
  pictureFailed: 'Failed to upload profile picture',
  passwordUpdated: 'Password updated successfully',
  passwordFailed: 'Failed to update password',
  accountDeletedTitle: 'Account Deleted',
  accountDeleted: 'Your account has been permanently deleted.',
  deleteFailed: 'Failed to delete account',
  deleteConfirmTitle: 'Are you absolutely sure?',
  deleteConfirmButton: 'Yes, delete my account',
  usernameTaken: USERNAME_TEXTS.taken,
  worldExplored: '% of the world explored',
} as const;

/** A member as cards show them (connections, discover, user connections). */
export const ProfileCardSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  country: z.string().nullable(),
  bio: z.string().nullable(),
  /** Distinct countries of the member's tips the viewer can see, alphabetical. */
  countriesVisited: z.array(z.string()),
  /** Whole per cent (connection cards round, docs/product.md#profiles). */
  worldExploredPercent: z.number(),
});
export type ProfileCard = z.infer<typeof ProfileCardSchema>;

/** GET /api/profiles/:userId */
export const ProfileSchema = ProfileCardSchema.extend({
  currency: z.string().nullable(),
  createdAt: z.string(),
  /** Only on the viewer's own profile. */
  email: z.string().nullable(),
  isOwn: z.boolean(),
  stats: z.object({
    tipsCount: z.number(),
    guidesCount: z.number(),
    countriesVisitedCount: z.number(),
    connectionsCount: z.number(),
    /** One decimal (docs/product.md#profiles): distinct countries / 195 * 100. */
    worldExploredPercent: z.number(),
  }),
});
export type Profile = z.infer<typeof ProfileSchema>;

const optionalText = (max: number) =>
  multiLine(z.string().trim().max(max, `At most ${max} characters`))
    .nullish()
    .transform((v) => (v ? v : null));

/** PATCH /api/profiles/me (docs/product.md#profiles; the e-mail changes through POST /api/auth/email). */
export const ProfileUpdateSchema = z.object({
  name: singleLine(z.string().trim().min(1, 'Please enter your name').max(LIMITS.nameMaxLength)),
  username: UsernameSchema,
  bio: optionalText(1000),
  country: z
    .enum(COUNTRIES, 'Please choose a country from the list')
    .nullish()
    .transform((v) => v ?? null),
  currency: z
    .enum(PROFILE_CURRENCIES, 'Please choose a currency from the list')
    .nullish()
    .transform((v) => v ?? null),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;
