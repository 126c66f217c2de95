import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberResult } from '@common/schemas/member-search';
import { api } from '@/lib/api-client';

export type MemberPage = { items: MemberResult[]; nextCursor: string | null };

/** How many members Explore shows beside a search's content. */
export const MEMBERS_SHOWN = 6;

/** Members found by a part of their name or handle (issue 36). */
export function searchMembers(q: string) {
  return api.get<MemberPage>(`/api/members?${new URLSearchParams({ q, limit: String(MEMBERS_SHOWN) })}`);
}

export const memberSearchQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['members', 'search', q], queryFn: () => searchMembers(q), placeholderData: keepPreviousData });

export function useMemberSearch(q: string) {
  return useQuery({ ...memberSearchQueryOptions(q), enabled: q.trim().replace(/^@+/, '') !== '' });
}
