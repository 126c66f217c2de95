import { ReportDialog } from '@/components/content/report-dialog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Heart, Pencil } from 'lucide-react';
import type { Guide } from '@common/schemas/guide';
import { AuthorLink } from '@/components/content/author-link';
import { GuideSummaryCard } from '@/components/content/guide-summary-card';
import { LikeButton } from '@/components/content/like-button';
import { BackLink } from '@/components/navigation/back-link';
import { SaveButton } from '@/components/content/save-button';
import { Button } from '@/components/ui/button';
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

      <GuideSummaryCard
        guide={guide}
        badges={<VisibilityBadges visibility={guide.visibility} hidden={guide.hidden} isOwn={isOwner} />}
        facts={
          <span className="inline-flex items-center gap-1">
            <Heart className="size-4" aria-hidden />
            {guide.likesCount}
            <span className="sr-only">likes</span>
          </span>
        }
        byline={<AuthorLink author={guide.author} />}
      >
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
      </GuideSummaryCard>

      {routeMap && guide.items.length > 0 ? (
        <GuideRouteSection guideMap={guideMap.data} isError={guideMap.isError} routeMap={routeMap} />
      ) : null}

      <Itinerary guide={guide} guideMap={guideMap.data} />
    </div>
  );
}
