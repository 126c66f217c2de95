import type { ReactNode } from 'react';
import { CalendarDays, MapPin } from 'lucide-react';
import { dayCountLabel } from '@common/guide-labels';
import { GUIDE_COVER_SIZES } from '@common/media-url';
import { GuideBadges } from '@/components/content/guide-badges';
import { PhotoGallery } from '@/components/content/photo-gallery';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';

interface GuideSummary {
  title: string;
  location: string | null;
  daysCount: number;
  countries: string[];
  tags: string[];
  description: string | null;
  photoUrls: string[];
}

/**
 * The card that opens a guide: its title, place and days, countries and tags, description and
 * photos. The guide page and the public shared page both show it (ADR 068); each adds its own
 * badges, facts, byline and actions.
 */
export function GuideSummaryCard(props: {
  guide: GuideSummary;
  /** After the "Guide" badge (visibility, hidden). */
  badges?: ReactNode;
  /** After the day count, in the same line (likes, the author's name). */
  facts?: ReactNode;
  /** Below that line (a link to the author). */
  byline?: ReactNode;
  /** Between the badges and the description (like, save, report, the owner's actions). */
  children?: ReactNode;
}) {
  const { guide } = props;
  return (
    <Card className="overflow-hidden">
      <CardContent className="grid gap-5 p-6">
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">Guide</Badge>
            {props.badges}
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
            {props.facts}
          </p>
          {props.byline}
        </div>
        <GuideBadges countries={guide.countries} tags={guide.tags} />
        {props.children}
        {guide.description ? <p className="leading-relaxed whitespace-pre-wrap">{guide.description}</p> : null}
        {/* Inside the card's padding, in a column up to max-w-6xl. */}
        <PhotoGallery urls={guide.photoUrls} alt={guide.title} coverSizes={GUIDE_COVER_SIZES} />
      </CardContent>
    </Card>
  );
}
