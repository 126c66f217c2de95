/** The messages between the page and the service worker (issue 23, ADRs 070, 071). */

export type ToWorker =
  /** The answers the server inlined in the page's HTML (first paint): the worker never saw them go by. */
  | { type: 'page-answers'; answers: string }
  /** Who is signed in, as the page knows it (null: nobody; every member cache goes). */
  | { type: 'member'; id: string | null }
  /** The member pressed Reload on "A new version of Waymark is ready". */
  | { type: 'skip-waiting' }
  /** Replies OfflineStatus. */
  | { type: 'status' }
  /** A guide's downloads are all stored: mark it available offline. Replies OfflineStatus. */
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
}
