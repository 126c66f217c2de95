/**
 * Where the active system messages are read, and where their answer is cached: apart from the
 * hook (get-active-system-messages.ts), which brings the live stream with it, so that the table
 * of drawn pages can name the read without adding the stream to every page's first scripts.
 */
export const ACTIVE_SYSTEM_MESSAGES_URL = '/api/system-messages/active';
export const SYSTEM_MESSAGES_QUERY_KEY = ['system-messages', 'active'] as const;
