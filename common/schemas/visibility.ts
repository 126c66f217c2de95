import { z } from 'zod';

/**
 * Who may see a tip or guide (docs/product.md#visibility): every member, the author's connections, or the
 * author alone (the old Private switch). Admins see no more than a stranger, except what a report shows
 * them (ADR 081). The database enum is built from this list.
 */
export const CONTENT_VISIBILITIES = ['public', 'connections', 'private'] as const;
export const VisibilitySchema = z.enum(CONTENT_VISIBILITIES);
export type Visibility = z.infer<typeof VisibilitySchema>;

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: 'Public',
  connections: 'Connections only',
  private: 'Private',
};

export const VISIBILITY_DESCRIPTIONS: Record<Visibility, string> = {
  public: 'Every member can see it.',
  connections: 'Only you and your connections can see it.',
  private: 'Only you can see it.',
};

/**
 * The level a form or API call asks for. `visibility` is the field; the old `isPrivate` switch is
 * still read from older clients (true = private, false = public) and loses when both are sent.
 */
export function chosenVisibility(input: { visibility?: Visibility | undefined; isPrivate?: boolean | undefined }): Visibility {
  return input.visibility ?? (input.isPrivate ? 'private' : 'public');
}

/** The forms' question and the badge a moderator's hide puts on an item its author still sees. */
export const VISIBILITY_TEXTS = {
  legend: 'Who can see it',
  hidden: 'Hidden by a moderator',
  hiddenHint: 'A moderator hid this. Only you and the admins can see it.',
  hiddenHintForAdmins: 'A moderator hid this. Only its author and the admins can see it.',
} as const;
