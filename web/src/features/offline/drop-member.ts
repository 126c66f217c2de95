import { tellWorker } from '@/sw/client';

/**
 * A connection ended or a block (issue 25, ADR 086): the offline copy forgets every stored page
 * that names that member, so nothing of theirs is shown from the cache afterwards.
 */
export function dropMemberOffline(memberId: string): void {
  void tellWorker({ type: 'drop-member', memberId });
}
