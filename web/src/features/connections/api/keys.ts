/** Every connection query starts with 'connections': the live event refreshes them all. */
export const connectionKeys = {
  all: ['connections'] as const,
  mine: ['connections', 'mine'] as const,
  discover: ['connections', 'discover'] as const,
};
