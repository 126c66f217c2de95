import { Link } from 'react-router';
import { BookOpen, Heart, Lightbulb, MapPin } from 'lucide-react';
import { thumbnailUrl } from '@common/media-url';
import type { ContentCard } from '@common/schemas/content';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { displayName } from '@/lib/display-name';
import { UserAvatar } from '@/components/layout/user-avatar';
import { contentPath } from '@/components/navigation/content-path';
import { memberPath } from '@/components/navigation/member-path';

function placeOf(item: ContentCard) {
  if (item.kind === 'tip') return [item.city, item.country].filter(Boolean).join(', ');
  return item.location || item.countries.join(', ');
}

/**
 * A tip or guide on the home screen: the photo and title open it, the author's name opens their
 * profile (two links side by side, never one inside the other).
 */
export function HomeCard({ item }: { item: ContentCard }) {
  const KindIcon = item.kind === 'tip' ? Lightbulb : BookOpen;
  const place = placeOf(item);
  return (
    <Card
      data-testid="home-card"
      className="group flex h-full min-w-0 flex-col overflow-hidden transition-shadow hover:shadow-md"
    >
      <Link
        to={contentPath(item)}
        className="flex flex-1 flex-col rounded-t-xl outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <div className="relative aspect-[16/9] overflow-hidden bg-gradient-to-br from-secondary to-accent">
          {item.photoUrl ? (
            <img
              src={thumbnailUrl(item.photoUrl)}
              alt=""
              loading="lazy"
              decoding="async"
              width={480}
              height={270}
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-primary/40">
              <KindIcon className="size-10" aria-hidden />
            </div>
          )}
          <Badge variant="secondary" className="absolute top-3 left-3 shadow-sm">
            <KindIcon className="size-3" aria-hidden />
            {item.kind === 'tip' ? 'Tip' : 'Guide'}
          </Badge>
        </div>
        <div className="grid gap-1 p-4 pb-2">
          <h3 className="line-clamp-2 font-semibold leading-snug break-words group-hover:text-primary">{item.title}</h3>
          {place ? (
            <p className="flex min-w-0 items-start gap-1 text-sm text-muted-foreground">
              <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{place}</span>
            </p>
          ) : null}
        </div>
      </Link>
      <div className="mt-auto flex items-center justify-between gap-2 px-4 pb-4 text-sm text-muted-foreground">
        <Link
          to={memberPath(item.author)}
          className="inline-flex min-w-0 items-center gap-2 rounded-sm hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <UserAvatar user={item.author} className="size-6 text-xs" />
          <span className="truncate">{displayName(item.author)}</span>
        </Link>
        <span className="inline-flex shrink-0 items-center gap-1">
          <Heart className="size-3.5" aria-hidden />
          {item.likesCount}
          <span className="sr-only">{item.likesCount === 1 ? 'like' : 'likes'}</span>
        </span>
      </div>
    </Card>
  );
}
