import { ReportDialog } from '@/components/content/report-dialog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { CalendarDays, Crosshair, ExternalLink, Heart, MapPin, Pencil, Wallet } from 'lucide-react';
import { mapsHref } from '@common/maps-url';
import type { LikeResult } from '@common/schemas/content';
import type { Tip } from '@common/schemas/tip';
import { AuthorLink } from '@/components/content/author-link';
import { CopyLinkButton } from '@/components/content/copy-link-button';
import { LikeButton } from '@/components/content/like-button';
import { BackLink } from '@/components/navigation/back-link';
import { PhotoGallery } from '@/components/content/photo-gallery';
import { SaveButton } from '@/components/content/save-button';
import { StarRating } from '@/components/content/star-rating';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { tipQueryKey } from '../api/get-tip';
import { precisionText } from '../tip-location';
import { ModeratorUnhide } from '@/components/content/moderator-unhide';
import { VisibilityBadges } from '@/components/content/visibility-badge';
import { editTipPath, tipPath } from '@/components/navigation/content-path';

/**
 * /view-tip/:id (docs/product.md#screens). Like and Save are for non-owners; Edit Tip for the owner. `map`: the
 * tip's pin on a map, given by the page (lazy map code, drawn in the browser only).
 */
export function TipDetail({ tip, map }: { tip: Tip; map?: ReactNode }) {
  const queryClient = useQueryClient();
  const isOwner = tip.viewer.isOwner;

  const onLikeChanged = ({ liked, likesCount }: LikeResult) =>
    queryClient.setQueryData<Tip>(tipQueryKey(tip.id), (old) =>
      old ? { ...old, likesCount, viewer: { ...old.viewer, hasLiked: liked } } : old,
    );
  const onSaveChanged = ({ saved }: { saved: boolean }) =>
    queryClient.setQueryData<Tip>(tipQueryKey(tip.id), (old) =>
      old ? { ...old, viewer: { ...old.viewer, hasSaved: saved } } : old,
    );

  return (
    <article className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink fallback="/tips" className="-ml-3">
          Back to Tips
        </BackLink>
        <div className="flex flex-wrap gap-2">
          <CopyLinkButton path={tipPath(tip.id)} />
          {isOwner ? (
            <Button variant="outline" asChild>
              <Link to={editTipPath(tip.id)}>
                <Pencil aria-hidden />
                Edit Tip
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      <ModeratorUnhide
        target="tip"
        targetId={tip.id}
        hidden={tip.hidden}
        onShown={() => queryClient.setQueryData<Tip>(tipQueryKey(tip.id), (old) => (old ? { ...old, hidden: false } : old))}
      />

      {tip.photoUrls.length > 0 ? <PhotoGallery urls={tip.photoUrls} alt={tip.title} /> : null}

      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          {tip.tipTypeName ? <Badge variant="secondary">{tip.tipTypeName}</Badge> : null}
          <VisibilityBadges visibility={tip.visibility} hidden={tip.hidden} isOwn={tip.viewer.isOwner} />
        </div>
        <h1 className="font-display text-3xl font-bold tracking-tight text-balance sm:text-4xl">{tip.title}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <MapPin className="size-4 shrink-0 text-primary" aria-hidden />
            {tip.city}, {tip.country}
          </span>
          {tip.placeName ? <Badge variant="warning">{tip.placeName}</Badge> : null}
          <span className="inline-flex items-center gap-1.5" data-testid="tip-likes">
            <Heart className="size-4" aria-hidden />
            <span className="tabular-nums">{tip.likesCount}</span> {tip.likesCount === 1 ? 'like' : 'likes'}
          </span>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <AuthorLink author={tip.author} />
          {!isOwner ? (
            <div className="flex gap-2">
              <LikeButton
                contentType="tip"
                contentId={tip.id}
                initialLiked={tip.viewer.hasLiked}
                initialCount={tip.likesCount}
                onChanged={onLikeChanged}
              />
              <SaveButton contentType="tip" contentId={tip.id} initialSaved={tip.viewer.hasSaved} onChanged={onSaveChanged} />
              <ReportDialog target="tip" targetId={tip.id} />
            </div>
          ) : null}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="grid content-start gap-6">
          <Card>
            <CardContent className="grid gap-2 pt-6">
              <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Summary</h2>
              <p className="text-lg leading-relaxed">{tip.description}</p>
            </CardContent>
          </Card>
          {tip.detailedContent ? (
            <Card>
              <CardContent className="grid gap-2 pt-6">
                <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Detailed experience</h2>
                <p className="leading-relaxed whitespace-pre-line">{tip.detailedContent}</p>
              </CardContent>
            </Card>
          ) : null}
          {tip.tags.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {tip.tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="secondary">#{tag}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <TipFacts tip={tip} map={map} />
      </div>
    </article>
  );
}

function TipFacts({ tip, map }: { tip: Tip; map: ReactNode }) {
  // The server checks the link on save; checked again here so only an https maps link is ever an href.
  const mapsLink = tip.googleMapsUrl ? mapsHref(tip.googleMapsUrl) : null;
  return (
    <Card className="h-fit">
      <CardContent className="grid gap-4 pt-6">
        <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Details</h2>
        <dl className="grid gap-4 text-sm">
          {tip.rating !== null ? (
            <Fact label="Rating">
              <StarRating value={tip.rating} />
            </Fact>
          ) : null}
          {tip.valueSpent !== null ? (
            <Fact label="Cost" icon={<Wallet className="size-4" aria-hidden />}>
              {formatCost(tip.valueSpent, tip.currency)}
            </Fact>
          ) : null}
          {tip.experienceDate ? (
            <Fact label="Experience date" icon={<CalendarDays className="size-4" aria-hidden />}>
              {format(parseISO(tip.experienceDate), 'MMMM d, yyyy')}
            </Fact>
          ) : null}
          {tip.location ? (
            <Fact label="Location" icon={<Crosshair className="size-4" aria-hidden />}>
              {precisionText(tip.location, tip.city, tip.country)}
            </Fact>
          ) : null}
        </dl>
        {tip.location ? map : null}
        {mapsLink ? (
          <Button asChild className="w-full">
            <a href={mapsLink} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              View on Maps
            </a>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Fact({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="inline-flex items-center gap-2 font-medium">
        {icon}
        {children}
      </dd>
    </div>
  );
}

/**
 * '€12.50' style, with the currency's symbol when it is known, written the English way as the
 * rest of the page: the server draws this page (ADR 022), and the browser's own locale would
 * write it differently there and here.
 */
export function formatCost(amount: number, currency: string | null): string {
  if (!currency) return amount.toFixed(2);
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
