import { Link } from 'react-router';
import type { Author } from '@common/schemas/content-fields';
import { displayName } from '@/lib/display-name';
import { UserAvatar } from '@/components/layout/user-avatar';
import { memberPath } from '@/components/navigation/member-path';

/** "by <name>" with the author's picture or initial, opening their profile's URL (issue 21, ADR 046). */
export function AuthorLink({ author }: { author: Author }) {
  return (
    <Link
      to={memberPath(author)}
      data-testid="author-link"
      className="inline-flex items-center gap-2 rounded-md text-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <UserAvatar user={author} className="size-8 text-sm" />
      <span className="min-w-0 break-words">
        by <span className="font-medium">{displayName(author)}</span>
      </span>
    </Link>
  );
}
