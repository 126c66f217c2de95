import { useEffect } from 'react';
import { forgetMemberData, tellMember } from '@/sw/client';

/**
 * Tells the service worker who is signed in (it cannot read the HttpOnly session cookie), so it
 * stores into that member's cache only; when the app finds no session while online, every
 * member cache goes (ADR 071). Through the outbox: a first visit's worker may not be active yet
 * (ADR 102). `undefined`: not known yet.
 */
export function useOfflineMember(memberId: string | null | undefined) {
  useEffect(() => {
    if (memberId === undefined) return;
    if (memberId !== null) void tellMember(memberId);
    else if (navigator.onLine) void forgetMemberData();
  }, [memberId]);
}
