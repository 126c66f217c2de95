/** Short labels a guide shows wherever it is drawn: its page, its card, its shared page, paper. */

/** "1 day", "3 days". */
export const dayCountLabel = (days: number): string => (days === 1 ? '1 day' : `${days} days`);

/** Where a tip is, most precise first: "Pastéis de Belém, Lisbon, Portugal" (empty parts left out). */
export const tipPlaceLabel = (tip: { placeName?: string | null; city: string; country: string }): string =>
  [tip.placeName, tip.city, tip.country].filter(Boolean).join(', ');
