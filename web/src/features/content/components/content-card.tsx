import { dayCountLabel, tipPlaceLabel } from '@common/guide-labels';
import { type ReactNode, memo } from 'react';
import { Link } from 'react-router';
import { BookOpen, CalendarDays, Heart, Lightbulb, MapPin, Star } from 'lucide-react';
import { LIMITS } from '@common/limits';
import { thumbnailUrl } from '@common/media-url';
import type { ContentCard as ContentCardData } from '@common/schemas/content';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { displayName } from '@/lib/display-name';
import { contentPath } from '@/components/navigation/content-path';
import { VisibilityBadges } from '@/components/content/visibility-badge';

type ContentCardProps = {
  item: ContentCardData;
  /** The signed-in member's id: a hidden item's badge tells its author and an admin apart. */
  viewerId: string;
  /** Actions below the card body (e.g. Remove from Saved); kept outside the link. */
  footer?: ReactNode;
  /**
   * The first row of a list: its photo may be the page's largest paint, so it is not lazy and is
   * fetched before other images.
   */
  isAboveFold?: boolean;
};

function placeOf(item: ContentCardData) {
  if (item.kind === 'tip') return tipPlaceLabel(item);
  return item.location || item.countries.join(', ');
}

/** docs/product.md#limits: guide cards show at most 2 tags plus '+N'. */
export function visibleTags(tags: readonly string[], max: number = LIMITS.guideCardTags) {
  return { shown: tags.slice(0, max), hidden: Math.max(0, tags.length - max) };
}

/** Memoised: a long list re-renders its visible rows as it scrolls, and the items do not change. */
export const ContentCard = memo(function ContentCard({ item, viewerId, footer, isAboveFold = false }: ContentCardProps) {
  const place = placeOf(item);
  const KindIcon = item.kind === 'tip' ? Lightbulb : BookOpen;

  return (
    // The card clips its photo to its corners, which would clip a focus ring drawn by the link
    // too: the card draws the ring when its link has keyboard focus.
    <Card
      data-testid="content-card"
      className="group flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md has-[>a:focus-visible]:ring-2 has-[>a:focus-visible]:ring-ring has-[>a:focus-visible]:ring-offset-2 has-[>a:focus-visible]:ring-offset-background"
    >
      <Link to={contentPath(item)} className="flex flex-1 flex-col outline-none">
        <div className="relative aspect-[16/10] overflow-hidden bg-gradient-to-br from-secondary to-accent">
          {item.photoUrl ? (
            // The thumbnail (480 px) fits the card; width/height give the 16:10 box before it loads.
            <img
              src={thumbnailUrl(item.photoUrl)}
              alt=""
              loading={isAboveFold ? 'eager' : 'lazy'}
              fetchPriority={isAboveFold ? 'high' : 'auto'}
              decoding="async"
              width={480}
              height={300}
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-primary/40">
              <KindIcon className="size-12" aria-hidden />
            </div>
          )}
          <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
            <Badge variant="secondary" className="shadow-sm">
              <KindIcon className="size-3" aria-hidden />
              {item.kind === 'tip' ? 'Tip' : 'Guide'}
            </Badge>
            <VisibilityBadges visibility={item.visibility} hidden={item.hidden} isOwn={item.author.id === viewerId} />
          </div>
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          <h3 className="line-clamp-2 text-base font-semibold leading-snug group-hover:text-primary">{item.title}</h3>
          {place ? (
            <p className="flex items-start gap-1 text-sm text-muted-foreground">
              <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span className="line-clamp-1">{place}</span>
            </p>
          ) : null}
          <CardDetails item={item} />
          <div className="mt-auto flex items-center justify-between gap-2 pt-2 text-sm text-muted-foreground">
            <span className="truncate">by {displayName(item.author)}</span>
            <span className="inline-flex shrink-0 items-center gap-1">
              <Heart className="size-3.5" aria-hidden />
              {item.likesCount}
              <span className="sr-only">likes</span>
            </span>
          </div>
        </div>
      </Link>
      {footer ? <div className="border-t p-3">{footer}</div> : null}
    </Card>
  );
});

function CardDetails({ item }: { item: ContentCardData }) {
  if (item.kind === 'tip') {
    return (
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {item.tipTypeName ? <Badge variant="outline">{item.tipTypeName}</Badge> : null}
        {item.rating ? (
          // amber-700: 4.5:1 on the card (amber-600 was 3.19:1).
          <span className="inline-flex items-center gap-0.5 text-amber-700 dark:text-amber-400">
            <Star className="size-3.5 fill-current" aria-hidden />
            <span aria-hidden>{item.rating}/5</span>
            <span className="sr-only">{`Rated ${item.rating} of 5`}</span>
          </span>
        ) : null}
      </div>
    );
  }
  const { shown, hidden } = visibleTags(item.tags);
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs">
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        <CalendarDays className="size-3.5" aria-hidden />
        {dayCountLabel(item.daysCount)}
      </span>
      {shown.map((tag) => (
        <Badge key={tag} variant="outline">
          #{tag}
        </Badge>
      ))}
      {hidden > 0 ? <Badge variant="outline">+{hidden}</Badge> : null}
    </div>
  );
}
