/** The messages between the page and the service worker (issue 23, ADRs 070, 071). */

export type ToWorker =
  /**
   * The answers the server inlined in the page's HTML (first paint): the worker never saw them go
   * by. `at`: when the page was loaded; the worker ignores who they say is signed in if it knows
   * newer (ADR 102).
   */
  | { type: 'page-answers'; answers: string; at?: number }
  /** The page wrote to the outbox (ADR 102): replay it. Replies OfflineStatus. */
  | { type: 'outbox' }
  /** From pages of the version before ADR 102 (the page now writes this to the outbox). */
  | { type: 'member'; id: string | null }
  /** The member pressed Reload on "A new version of Waymark is ready". */
  | { type: 'skip-waiting' }
  /** Replies OfflineStatus. */
  | { type: 'status' }
  /** From pages of the version before ADR 102 (now a 'keep-guide' task in the outbox). Replies OfflineStatus. */
  | { type: 'guide-kept'; guideId: string }
  /** The member removed a guide from offline: its entries may go. Replies OfflineStatus. */
  | { type: 'drop-guide'; guideId: string }
  /** A connection ended or a block: what names that member goes (ADR 086). Replies OfflineStatus. */
  | { type: 'drop-member'; memberId: string }
  /** "Clear offline data": the member's cache is emptied, the member stays known. Replies OfflineStatus. */
  | { type: 'clear' };

/** What the member's cache holds, for the profile and the guide page. */
export interface OfflineStatus {
  /** The member the worker stores for (null: nobody signed in as far as it knows). */
  memberId: string | null;
  usedBytes: number;
  budgetBytes: number;
  /** Guides made available offline. */
  guides: string[];
  /**
   * No worker is active yet, one installs (a first visit): what the member asks now waits in the
   * outbox until it is (ADR 102). Said by the page, never by the worker.
   */
  isInstalling?: boolean;
}
