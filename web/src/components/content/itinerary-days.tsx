import type { ReactNode } from 'react';
import { CalendarDays } from 'lucide-react';
import { GUIDE_TEXTS } from '@common/schemas/guide';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** The "Day-by-Day Itinerary" card of a guide (its page and its shared page); children: the days. */
export function ItineraryCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays className="size-5 text-primary" aria-hidden />
          Day-by-Day Itinerary
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">{children}</CardContent>
    </Card>
  );
}

/**
 * One day: its numbered heading, then `children` (its items), or the quoted empty-day text (docs/product.md#texts-word-for-word) when
 * `isEmpty`. `idPrefix` keeps heading ids unique where two itineraries could share a page.
 */
export function ItineraryDay({
  day,
  idPrefix,
  isEmpty,
  children,
}: {
  day: number;
  idPrefix: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  const headingId = `${idPrefix}${day}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        <span
          className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
          aria-hidden
        >
          {day}
        </span>
        Day {day}
      </h3>
      {isEmpty ? <p className="ml-10 text-sm text-muted-foreground italic">{GUIDE_TEXTS.emptyDay}</p> : children}
    </section>
  );
}
