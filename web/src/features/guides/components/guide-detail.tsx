import { ReportDialog } from '@/components/content/report-dialog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Heart, MapPin, Pencil } from 'lucide-react';
import { dayCountLabel } from '@common/guide-labels';
import { GUIDE_COVER_SIZES } from '@common/media-url';
import type { Guide } from '@common/schemas/guide';
import { AuthorLink } from '@/components/content/author-link';
import { LikeButton } from '@/components/content/like-button';
import { BackLink } from '@/components/navigation/back-link';
import { PhotoGallery } from '@/components/content/photo-gallery';
import { SaveButton } from '@/components/content/save-button';
import { GuideBadges } from '@/components/content/guide-badges';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { guideQueryKey } from '../api/get-guide';
import { useGuideMap } from '../api/get-guide-map';
import { Itinerary } from './guide-itinerary';
import { GuideRouteSection, type RouteMap } from './guide-route-section';
import { ModeratorUnhide } from '@/components/content/moderator-unhide';
import { VisibilityBadges } from '@/components/content/visibility-badge';
import { editGuidePath } from '@/components/navigation/content-path';

/**
 * `routeMap`: the map of the guide's stops, given by the page (lazy map code, browser only).
 * `actions`: what other features offer on a guide (share, export, offline), composed by the page.
 */
export function GuideDetail({ guide, routeMap, actions }: { guide: Guide; routeMap?: RouteMap; actions?: ReactNode }) {
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
            <Link to={editGuidePath(guide.id)}>
              <Pencil aria-hidden />
              Edit Guide
            </Link>
          </Button>
        ) : null}
      </div>

      <ModeratorUnhide target="guide" targetId={guide.id} hidden={guide.hidden} onShown={() => patch({ hidden: false })} />

      <Card className="overflow-hidden">
        <CardContent className="grid gap-5 p-6">
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">Guide</Badge>
              <VisibilityBadges visibility={guide.visibility} hidden={guide.hidden} isOwn={isOwner} />
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
          <GuideBadges countries={guide.countries} tags={guide.tags} />
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
              <ReportDialog target="guide" targetId={guide.id} />
            </div>
          ) : null}
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
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
