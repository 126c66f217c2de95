import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { contentPath } from '@/components/navigation/content-path';
import { useUserContent } from '../api/get-user-content';

type MemberCountryTipsProps = { userId: string; userName: string; country: string };

/** A member's tips in one country: what clicking it on their world map shows (issue 22). */
export function MemberCountryTips({ userId, userName, country }: MemberCountryTipsProps) {
  const list = useUserContent(userId, 'tips', country);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="country-tips-heading" aria-busy={list.isPending} className="grid gap-2">
      <h3 id="country-tips-heading" className="text-sm font-semibold">
        {userName}’s tips in {country}
      </h3>
      {list.isPending ? <Spinner className="py-2" /> : null}
      {list.isError ? <p className="text-sm text-destructive">The tips could not be loaded.</p> : null}
      {list.isSuccess && items.length === 0 ? <p className="text-sm text-muted-foreground">No tips shared there yet.</p> : null}
      <ul className="grid gap-1 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <Link to={contentPath(item)} className="text-primary underline-offset-2 wrap-anywhere hover:underline">
              {item.title}
            </Link>
            {item.kind === 'tip' && item.city ? <span className="text-muted-foreground"> · {item.city}</span> : null}
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="w-fit"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          More tips
        </Button>
      ) : null}
    </section>
  );
}
