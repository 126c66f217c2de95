/**
 * Finding members by name or handle (issue 36, ADR 105). Who may be found is the repository's
 * rule (active, not suspended, not blocked either way); a leading @ is the handle's mark.
 */
import type { MemberResult, MemberSearchQuery } from '@common/schemas/member-search';
import type { Database } from '@db/client';
import { decodeTextCursor, encodeTextCursor } from '@server/lib/rank-cursor';
import { containsPattern } from '@server/lib/like-pattern';
import { searchMembers } from './members.repository';

export function createMembersService(deps: { db: Database }) {
  const { db } = deps;

  async function search(
    viewerId: string,
    query: MemberSearchQuery,
  ): Promise<{ items: MemberResult[]; nextCursor: string | null }> {
    const text = query.q.replace(/^@+/, '').trim().toLowerCase();
    if (text === '') return { items: [], nextCursor: null };
    const rows = await searchMembers(db, viewerId, containsPattern(text), decodeTextCursor(query.cursor), query.limit);
    const pageRows = rows.slice(0, query.limit);
    const last = pageRows.at(-1);
    return {
      items: pageRows.map(({ sortName: _sortName, ...member }) => member),
      nextCursor: rows.length > query.limit && last ? encodeTextCursor({ text: last.sortName, id: last.userId }) : null,
    };
  }

  return { search };
}

export type MembersService = ReturnType<typeof createMembersService>;
