import type { QueryClient } from '@tanstack/react-query';
import { tellWorker } from '@/sw/client';

/**
 * After this member blocked, unblocked or removed someone: what they may see changed nearly
 * everywhere (profiles, lists, counts, notifications), so every query is refreshed, and the
 * offline copy forgets the other member's pages (ADR 086). The live event does the same in the
 * member's other tabs and devices.
 */
export function afterConnectionChange(queryClient: QueryClient, memberId: string): void {
  void queryClient.invalidateQueries();
  void tellWorker({ type: 'drop-member', memberId });
}
