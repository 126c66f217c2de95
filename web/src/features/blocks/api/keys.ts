/** Under 'connections': a block or removal changes them, and the live connection event refreshes them all. */
export const blockKeys = {
  blocked: ['connections', 'blocks'] as const,
  relation: (userId: string) => ['connections', 'relation', userId] as const,
};
