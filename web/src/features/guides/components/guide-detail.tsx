import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Heart, Lock, MapPin, Pencil } from 'lucide-react';
import { GUIDE_COVER_SIZES } from '@common/media-url';
import { GUIDE_TEXTS, type Guide, type GuideItem } from '@common/schemas/guide';
import { TEXTS } from '@common/texts';
import { AuthorLink } from '@/components/content/author-link';
import { LikeButton } from '@/components/content/like-button';
import { BackLink } from '@/components/navigation/back-link';
import { PhotoGallery } from '@/components/content/photo-gallery';
import { SaveButton } from '@/components/content/save-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { GuideMap } from '@common/schemas/map';
import { guideQueryKey } from '../api/get-guide';
import { useGuideMap } from '../api/get-guide-map';
import { dayMapSummary, stopNumbers } from '../guide-stops';
import { GuideRouteSection, type RouteMap } from './guide-route-section';

export const dayCountLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** `routeMap`: the map of the guide's stops, given by the page (lazy map code, browser only). */
export function GuideDetail({ guide, routeMap }: { guide: Guide; routeMap?: RouteMap }) {
  const queryClient = useQueryClient();
  const guideMap = useGuideMap(guide.id);
  const patch = (change: Partial<Guide>) =>
    queryClient.setQueryData<Guide>(guideQueryKey(guide.id), (old) => (old ? { ...old, ...change } : old));
  const isOwner = guide.viewer.isOwner;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink fallback="/tips" className="-ml-2">
          Back to Tips
        </BackLink>
        {isOwner ? (
          <Button asChild variant="outline">
            <Link to={`/edit-guide/${guide.id}`}>
              <Pencil aria-hidden />
              Edit Guide
            </Link>
          </Button>
        ) : null}
      </div>

      <Card className="overflow-hidden">
        <CardContent className="grid gap-5 p-6">
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">Guide</Badge>
              {guide.isPrivate && isOwner ? (
                <Badge className="bg-foreground/80 text-background">
                  <Lock className="size-3" aria-hidden />
                  Private
                </Badge>
              ) : null}
            </div>
            <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">{guide.title}</h1>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              {guide.location ? (
                <span className="inline-flex items-center gap-1">
                  <MapPin className="size-4" aria-hidden />
                  {guide.location}
                </span>
              ) : null}
              <span className="inline-flex items-center gap-1">
                <CalendarDays className="size-4" aria-hidden />
                {dayCountLabel(guide.daysCount)}
              </span>
              <span className="inline-flex items-center gap-1">
                <Heart className="size-4" aria-hidden />
                {guide.likesCount}
                <span className="sr-only">likes</span>
              </span>
            </p>
            <AuthorLink author={guide.author} />
          </div>
          {guide.countries.length > 0 || guide.tags.length > 0 ? (
            <div className="flex flex-wrap gap-1.5">
              {guide.countries.map((country) => (
                <Badge key={country} variant="secondary">
                  {country}
                </Badge>
              ))}
              {guide.tags.map((tag) => (
                <Badge key={tag} variant="outline">
                  #{tag}
                </Badge>
              ))}
            </div>
          ) : null}
          {!isOwner ? (
            <div className="flex flex-wrap gap-2">
              <LikeButton
                contentType="guide"
                contentId={guide.id}
                initialLiked={guide.viewer.hasLiked}
                initialCount={guide.likesCount}
                onChanged={(result) =>
                  patch({ likesCount: result.likesCount, viewer: { ...guide.viewer, hasLiked: result.liked } })
                }
              />
              <SaveButton
                contentType="guide"
                contentId={guide.id}
                initialSaved={guide.viewer.hasSaved}
                onChanged={(result) => {
                  patch({ viewer: { ...guide.viewer, hasSaved: result.saved } });
                  void queryClient.invalidateQueries({ queryKey: ['content', 'saved'] });
                }}
              />
            </div>
          ) : null}
          {guide.description ? <p className="leading-relaxed whitespace-pre-wrap">{guide.description}</p> : null}
          {/* Inside the card's padding, in a column up to max-w-6xl. */}
          <PhotoGallery urls={guide.photoUrls} alt={guide.title} coverSizes={GUIDE_COVER_SIZES} />
        </CardContent>
      </Card>

      {routeMap && guide.items.length > 0 ? (
        <GuideRouteSection guideMap={guideMap.data} isError={guideMap.isError} routeMap={routeMap} />
      ) : null}

      <Itinerary guide={guide} guideMap={guideMap.data} />
    </div>
  );
}

/** Also the route map's list: each placed item shows its stop number (once the map's stops are known). */
function Itinerary({ guide, guideMap }: { guide: Guide; guideMap: GuideMap | undefined }) {
  const days = Array.from({ length: guide.daysCount }, (_, index) => index + 1);
  const numbers = guideMap ? stopNumbers(guide.items, guideMap) : new Map<string, number>();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays className="size-5 text-primary" aria-hidden />
          Day-by-Day Itinerary
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        {days.map((day) => {
          const items = guide.items.filter((item) => item.dayNumber === day).sort((a, b) => a.orderInDay - b.orderInDay);
          return (
            <section key={day} aria-labelledby={`day-${day}`} className="grid gap-3">
              <h3 id={`day-${day}`} className="flex items-center gap-2 font-semibold">
                <span
                  className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                  aria-hidden
                >
                  {day}
                </span>
                Day {day}
              </h3>
              {items.length === 0 ? (
                <p className="ml-10 text-sm text-muted-foreground italic">{GUIDE_TEXTS.emptyDay}</p>
              ) : (
                <>
                  {guideMap ? (
                    <p className="ml-10 text-xs text-muted-foreground">
                      {dayMapSummary(guideMap.days.find((d) => d.dayNumber === day))}
                    </p>
                  ) : null}
                  <ol className="ml-4 grid gap-3 border-l-2 border-secondary pl-6">
                    {items.map((item, index) => (
                      <ItineraryItem key={item.id} item={item} position={index + 1} stopNumber={numbers.get(item.id)} />
                    ))}
                  </ol>
                </>
              )}
            </section>
          );
        })}
      </CardContent>
    </Card>
  );
}

/** `position` counts the day's items as shown, so an item removed with its tip leaves no gap. */
function ItineraryItem({ item, position, stopNumber }: { item: GuideItem; position: number; stopNumber?: number }) {
  const tip = item.tip;
  // Neither a tip nor a custom title: someone else's private tip (ADR 008). Nothing of it is sent.
  const isPrivateTip = !tip && !item.customTitle;
  const title = tip?.title ?? item.customTitle ?? TEXTS.privateTipInGuide;
  const place = tip ? [tip.placeName, tip.city, tip.country].filter(Boolean).join(', ') : item.customPlaceName;
  const description = tip?.description ?? item.customDescription;
  return (
    <li className="relative grid gap-1" data-testid="itinerary-item">
      <span className="absolute top-0 -left-9 flex size-6 items-center justify-center rounded-full border-2 border-secondary bg-card text-xs font-semibold">
        {position}
      </span>
      <div className="flex items-start justify-between gap-2">
        {tip ? (
          <Link to={`/view-tip/${tip.id}`} className="font-medium text-primary hover:underline">
            {title}
          </Link>
        ) : isPrivateTip ? (
          <p className="flex items-center gap-1.5 text-muted-foreground italic">
            <Lock className="size-3.5" aria-hidden />
            {title}
          </p>
        ) : (
          <p className="font-medium">{title}</p>
        )}
        {stopNumber !== undefined ? <StopBadge number={stopNumber} /> : null}
      </div>
      {place ? (
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="size-3.5" aria-hidden />
          {place}
        </p>
      ) : null}
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
    </li>
  );
}

/** The item's number on its day's map, so the list and the map name the same stop alike. */
function StopBadge({ number }: { number: number }) {
  return (
    <Badge variant="outline" className="shrink-0 tabular-nums" data-testid="map-stop-number">
      <MapPin className="size-3" aria-hidden />
      <span className="sr-only">Map stop </span>
      {number}
    </Badge>
  );
}
