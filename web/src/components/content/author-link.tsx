import { Link } from 'react-router';
import type { Author } from '@common/schemas/content-fields';
import { displayName, initial } from '@/lib/display-name';
import { memberPath } from '@/components/navigation/member-path';

/** "by <name>" with the author's picture or initial, opening their profile's URL (issue 21, ADR 046). */
export function AuthorLink({ author }: { author: Author }) {
  return (
    <Link
      to={memberPath(author)}
      data-testid="author-link"
      className="inline-flex items-center gap-2 rounded-md text-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      {author.profilePictureUrl ? (
        <img src={author.profilePictureUrl} alt="" className="size-8 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-teal-600 to-cyan-500 text-sm font-semibold text-white"
        >
          {initial(author)}
        </span>
      )}
      <span className="min-w-0 break-words">
        by <span className="font-medium">{displayName(author)}</span>
      </span>
    </Link>
  );
}
