/** Query keys of the admin panel's lists; every mutation refreshes the lists it changes. */
export const ADMIN_KEYS = {
  stats: ['admin', 'stats'],
  users: ['admin', 'users'],
  pendingActivations: ['admin', 'pending-activations'],
  systemMessages: ['admin', 'system-messages'],
} as const;
