import { Link } from 'react-router';
import { EyeOff, MapPin } from 'lucide-react';
import { tipPlaceLabel } from '@common/guide-labels';
import type { Guide, GuideItem } from '@common/schemas/guide';
import type { GuideMap } from '@common/schemas/map';
import { TEXTS } from '@common/texts';
import { Badge } from '@/components/ui/badge';
import { ItineraryCard, ItineraryDay } from '@/components/content/itinerary-days';
import { dayMapSummary, stopNumbers } from '../guide-stops';
import { tipPath } from '@/components/navigation/content-path';

/** Also the route map's list: each placed item shows its stop number (once the map's stops are known). */
export function Itinerary({ guide, guideMap }: { guide: Guide; guideMap: GuideMap | undefined }) {
  const days = Array.from({ length: guide.daysCount }, (_, index) => index + 1);
  const numbers = guideMap ? stopNumbers(guideMap) : new Map<string, number>();
  return (
    <ItineraryCard>
      {days.map((day) => {
        const items = guide.items.filter((item) => item.dayNumber === day).sort((a, b) => a.orderInDay - b.orderInDay);
        return (
          <ItineraryDay key={day} day={day} idPrefix="day-" isEmpty={items.length === 0}>
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
          </ItineraryDay>
        );
      })}
    </ItineraryCard>
  );
}

/** `position` counts the day's items as shown, so an item removed with its tip leaves no gap. */
function ItineraryItem({ item, position, stopNumber }: { item: GuideItem; position: number; stopNumber?: number }) {
  const tip = item.tip;
  // Neither a tip nor a custom title: a tip not shared with this reader (ADR 008). Nothing of it is sent.
  const isHiddenTip = !tip && !item.customTitle;
  const title = tip?.title ?? item.customTitle ?? TEXTS.hiddenTipInGuide;
  const place = tip ? tipPlaceLabel(tip) : item.customPlaceName;
  const description = tip?.description ?? item.customDescription;
  return (
    <li className="relative grid gap-1" data-testid="itinerary-item">
      <span className="absolute top-0 -left-9 flex size-6 items-center justify-center rounded-full border-2 border-secondary bg-card text-xs font-semibold">
        {position}
      </span>
      <div className="flex items-start justify-between gap-2">
        {tip ? (
          <Link to={tipPath(tip.id)} className="font-medium text-primary hover:underline">
            {title}
          </Link>
        ) : isHiddenTip ? (
          <p className="flex items-center gap-1.5 text-muted-foreground italic" data-testid="hidden-tip">
            <EyeOff className="size-3.5" aria-hidden />
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
