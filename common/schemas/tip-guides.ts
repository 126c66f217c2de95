/**
 * GET /api/tips/:id/guides (issue 36, ADR 103): the guides that hold a tip, for its author, so
 * the edit form can warn before a narrower visibility hides the tip from some of their readers.
 */
import { z } from 'zod';
import { type Visibility, VisibilitySchema } from './visibility';

export const TipGuideSchema = z.object({ id: z.string(), title: z.string(), visibility: VisibilitySchema });
export type TipGuide = z.infer<typeof TipGuideSchema>;

export const TipGuidesSchema = z.object({ guides: z.array(TipGuideSchema) });
export type TipGuides = z.infer<typeof TipGuidesSchema>;

/** How many see an item at each level: private < connections < public. */
const REACH: Record<Visibility, number> = { private: 0, connections: 1, public: 2 };

/** Whether `a` shows an item to more people than `b`. */
export const isWiderThan = (a: Visibility, b: Visibility) => REACH[a] > REACH[b];

/** The guides more people can see than a tip at `tipVisibility`: their readers may miss the tip. */
export const widerGuides = (guides: readonly TipGuide[], tipVisibility: Visibility) =>
  guides.filter((guide) => isWiderThan(guide.visibility, tipVisibility));

/** The tip form's warning when narrowing a tip that sits in wider guides. */
export const TIP_GUIDES_TEXTS = {
  narrowingTitle: 'Some readers of your guides will no longer see this tip',
  narrowing: (count: number) =>
    `This tip is in ${count === 1 ? 'a guide' : `${count} guides`} more people can see. Readers who cannot see the tip will find "This tip is not shared with you" in its place:`,
} as const;
