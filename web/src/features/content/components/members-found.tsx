import { Link } from 'react-router';
import { UserAvatar } from '@/components/layout/user-avatar';
import { memberPath } from '@/components/navigation/member-path';
import { displayName } from '@/lib/display-name';
import { useMemberSearch } from '../api/search-members';

/** Members whose name or handle holds the search (issue 36): each opens their profile. */
export function MembersFound({ q }: { q: string }) {
  const members = useMemberSearch(q);
  const items = members.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="explore-members" className="grid gap-2">
      <h2 id="explore-members" className="text-lg font-semibold">
        Members
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="members-found">
        {items.map((member) => (
          <li key={member.userId}>
            <Link
              to={memberPath(member)}
              className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-3 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            >
              <UserAvatar user={member} />
              <span className="grid min-w-0">
                <span className="truncate font-medium">{displayName(member)}</span>
                {member.username ? <span className="truncate text-sm text-muted-foreground">@{member.username}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
