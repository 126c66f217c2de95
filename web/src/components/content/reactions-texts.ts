import type { ContentType } from '@common/schemas/content-fields';

const NOUN: Record<ContentType, { title: string; plain: string }> = {
  tip: { title: 'Tip', plain: 'tip' },
  guide: { title: 'Guide', plain: 'guide' },
};

/** The quoted like/save toasts (docs/product.md#texts-word-for-word), the same sentences for tips and guides. */
export function reactionTexts(contentType: ContentType) {
  const { title, plain } = NOUN[contentType];
  return {
    likedTitle: `${title} liked!`,
    liked: `You liked this ${plain}`,
    unlikedTitle: `${title} unliked`,
    unliked: 'You removed your like',
    likeFailed: 'Failed to update like status',
    savedTitle: `${title} saved!`,
    saved: `Added to your saved ${plain}s`,
    unsavedTitle: `${title} removed from saved`,
    unsaved: `Removed from your saved ${plain}s`,
    saveFailed: 'Failed to update save status',
  };
}
