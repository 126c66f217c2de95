/** What one matrix call sends, built per call (after its fixtures are written). */
import type { Account, Caller } from './callers';
import type { Fixtures } from './fixtures';

export interface Scene {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Who calls, when not the caller's fixed account (a stand-in, or null for anonymous). */
  as?: Account | null;
  /** Strings a refused call's body must not contain (SECRET and the owner's e-mail always count). */
  secrets?: string[];
  /** Strings only the owner may ever see, whatever the status (e.g. a private tip in a list). */
  ownerOnly?: string[];
  /** Strings only the owner and their connection may see (a connections-only item, issue 25). */
  connectionsOnly?: string[];
  /** GET /api/events: read the status and headers, never the endless body. */
  isStream?: boolean;
}

export type Build = (fx: Fixtures, caller: Caller) => Promise<Scene> | Scene;
/** Per route key, per scenario of the access table. */
export type Requests = Record<string, Record<string, Build>>;

export const one = (build: Build): Record<string, Build> => ({ default: build });
