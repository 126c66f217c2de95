/** docs/product.md#the-admin-panel: the tip categories seeded on an empty database, with their colours. */
export const SEEDED_TIP_TYPES = [
  { name: 'Hotel', color: '#6366f1' },
  { name: 'Restaurant', color: '#f97316' },
  { name: 'Attraction', color: '#eab308' },
  { name: 'Nature', color: '#22c55e' },
  { name: 'Culture', color: '#a855f7' },
  { name: 'Nightlife', color: '#ec4899' },
  { name: 'Shopping', color: '#14b8a6' },
  { name: 'Transportation', color: '#64748b' },
] as const;
