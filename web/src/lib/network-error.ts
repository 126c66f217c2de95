import { TEXTS } from '@common/texts';
import { ApiError } from './api-client';

/**
 * What kind of failure a thrown value is, for a person: no network at all, the server not
 * answering, a page or item that does not exist, or an error on our side (issue 19).
 */
export type FailureKind = 'offline' | 'unreachable' | 'not-found' | 'server';

/** Statuses a proxy or a restarting server answers: the app is not there, not wrong. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/** A script or style of the app that could not be downloaded (lost connection, or a new deploy removed it). */
const CHUNK_LOAD_MESSAGES =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed|is not a valid JavaScript MIME type/i;

/** fetch's own failures (no answer at all) in Chromium, Firefox and Safari. */
const FETCH_FAILURE_MESSAGES = /Failed to fetch|NetworkError when attempting to fetch|Load failed|Network request failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_MESSAGES.test(error.message);
}

const isOnlineNow = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function failureKindOf(error: unknown, isOnline: boolean = isOnlineNow()): FailureKind {
  if (!isOnline) return 'offline';
  if (error instanceof ApiError) {
    if (error.status === 0 || UNREACHABLE_STATUSES.has(error.status)) return 'unreachable';
    if (error.status === 404) return 'not-found';
    return 'server';
  }
  if (isChunkLoadError(error)) return 'unreachable';
  if (error instanceof TypeError && FETCH_FAILURE_MESSAGES.test(error.message)) return 'unreachable';
  return 'server';
}

/** A failure that retrying later fixes by itself: no network, or the server not answering. */
export const isConnectionFailure = (error: unknown, isOnline?: boolean) => {
  const kind = failureKindOf(error, isOnline);
  return kind === 'offline' || kind === 'unreachable';
};

/** The words for each kind; both connection kinds say it cannot connect. */
export const FAILURE_TEXTS: Record<FailureKind, { title: string; description: string }> = {
  offline: {
    title: "You're offline",
    description: 'Waymark cannot connect without an internet connection. This will load again when you are back online.',
  },
  unreachable: {
    title: 'Cannot connect to Waymark',
    description: 'The server is not answering right now. Check your connection, or try again in a moment.',
  },
  'not-found': {
    title: TEXTS.notFoundTitle,
    description: 'What you are looking for is not here: it may have been deleted, or the link is wrong.',
  },
  server: {
    title: 'Something went wrong',
    description: 'This page ran into an error on our side. Please try again.',
  },
};
