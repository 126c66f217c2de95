import type { ReactNode } from 'react';
import { MapPin, UserRound } from 'lucide-react';
import { tipPlaceLabel } from '@common/guide-labels';
import { thumbnailUrl } from '@common/media-url';
import type { SharedGuide, SharedGuideItem } from '@common/schemas/share-link';
import { ItineraryCard, ItineraryDay } from '@/components/content/itinerary-days';
import { GuideSummaryCard } from '@/components/content/guide-summary-card';
import { DocumentTitle } from '@/lib/document-title';

/** The guide's public content, read-only: no likes, saves, profile links or tip pages (ADR 068). */
export function SharedGuideView({ guide, invitation }: { guide: SharedGuide; invitation: ReactNode }) {
  const days = Array.from({ length: guide.daysCount }, (_, index) => index + 1);
  return (
    <>
      <DocumentTitle title={guide.title} />
      <GuideSummaryCard
        guide={guide}
        facts={
          guide.authorName ? (
            <span className="inline-flex items-center gap-1">
              <UserRound className="size-4" aria-hidden />
              By {guide.authorName}
            </span>
          ) : null
        }
      />

      <ItineraryCard>
        {days.map((day) => {
          const items = guide.items.filter((item) => item.dayNumber === day);
          return (
            <ItineraryDay key={day} day={day} idPrefix="shared-day-" isEmpty={items.length === 0}>
              <ol className="ml-4 grid gap-4 border-l-2 border-secondary pl-6">
                {items.map((item) => (
                  <SharedItem key={item.id} item={item} />
                ))}
              </ol>
            </ItineraryDay>
          );
        })}
      </ItineraryCard>

      {invitation}
    </>
  );
}

function SharedItem({ item }: { item: SharedGuideItem }) {
  const tip = item.tip;
  const title = tip?.title ?? item.customTitle ?? '';
  const place = tip ? tipPlaceLabel(tip) : item.customPlaceName;
  const description = tip?.description ?? item.customDescription;
  const photo = tip?.photoUrls[0];
  return (
    <li className="grid gap-3 sm:grid-cols-[1fr_auto]" data-testid="shared-item">
      <div className="grid content-start gap-1">
        <p className="font-medium">{title}</p>
        {place ? (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden />
            {place}
          </p>
        ) : null}
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {photo ? (
        <img
          src={thumbnailUrl(photo)}
          alt={title}
          loading="lazy"
          width={480}
          height={320}
          className="aspect-[3/2] w-full max-w-60 rounded-lg bg-muted object-cover sm:w-40"
        />
      ) : null}
    </li>
  );
}
