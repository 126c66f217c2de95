import { Link } from 'react-router';
import { ArrowLeft, Printer } from 'lucide-react';
import { dayCountLabel } from '@common/guide-labels';
import { type ExportItem, exportDays } from '@common/guide-export-days';
import { midUrl, thumbnailUrl } from '@common/media-url';
import { GUIDE_TEXTS, type Guide } from '@common/schemas/guide';
import { stopMapsLink } from '@common/schemas/guide-export';
import type { GuideMap } from '@common/schemas/map';
import { MEMBER_FALLBACK_NAME, PRODUCT_NAME } from '@common/texts';
import { Button } from '@/components/ui/button';
import './print-guide.css';
import { guidePath } from '@/components/navigation/content-path';

/**
 * The guide laid out for paper (issue 23, ADR 067): the cover, title and facts, the other photos
 * as thumbnails, then each day's items in order with their place, text and maps link written out.
 * Only the Print button row is for the screen. `guideMap` undefined: the maps links are not
 * known yet (the map is still loading).
 */
export function PrintableGuide({
  guide,
  guideMap,
  pageUrl,
}: {
  guide: Guide;
  guideMap: GuideMap | undefined;
  /** The guide's page, written at the foot of the paper. */
  pageUrl: string;
}) {
  const [cover, ...photos] = guide.photoUrls;
  const author = guide.author.name ?? guide.author.username ?? MEMBER_FALLBACK_NAME;
  const facts = [guide.location, dayCountLabel(guide.daysCount), `by ${author}`].filter(Boolean).join(' · ');

  return (
    <main
      data-print-guide
      id="main-content"
      tabIndex={-1}
      className="mx-auto grid w-full max-w-[200mm] gap-6 wrap-anywhere bg-card px-4 py-6 text-card-foreground outline-none sm:my-6 sm:rounded-lg sm:border sm:px-10 sm:shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Button asChild variant="outline">
          <Link to={guidePath(guide.id)}>
            <ArrowLeft aria-hidden />
            Back to guide
          </Link>
        </Button>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden />
          Print
        </Button>
      </div>

      <header className="print-keep grid gap-3">
        {cover ? <img src={midUrl(cover)} alt={guide.title} className="max-h-[85mm] w-full rounded-md object-cover" /> : null}
        <h1 className="font-display text-3xl font-bold tracking-tight">{guide.title}</h1>
        <p className="text-sm text-muted-foreground">{facts}</p>
        {guide.countries.length > 0 || guide.tags.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {[...guide.countries, ...guide.tags.map((tag) => `#${tag}`)].join(' · ')}
          </p>
        ) : null}
        {guide.description ? <p className="leading-relaxed whitespace-pre-wrap">{guide.description}</p> : null}
      </header>

      {photos.length > 0 ? (
        <ul className="print-keep grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Photos">
          {photos.map((url, index) => (
            <li key={url}>
              <img
                src={thumbnailUrl(url)}
                alt={`${guide.title} (${index + 2} of ${guide.photoUrls.length})`}
                className="h-[28mm] w-full rounded object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}

      {exportDays(guide, guideMap).map((day) => (
        <section key={day.dayNumber} aria-labelledby={`print-day-${day.dayNumber}`} className="grid gap-3">
          <h2 id={`print-day-${day.dayNumber}`} className="border-b border-border pb-1 text-xl font-semibold">
            Day {day.dayNumber}
          </h2>
          {day.items.length === 0 ? (
            <p className="text-sm text-muted-foreground italic">{GUIDE_TEXTS.emptyDay}</p>
          ) : (
            <ol className="grid gap-3">
              {day.items.map((item, index) => (
                <PrintItem key={item.itemId} item={item} position={index + 1} />
              ))}
            </ol>
          )}
        </section>
      ))}

      <footer className="border-t border-border pt-2 text-xs text-muted-foreground">
        {PRODUCT_NAME}: <span className="break-all">{pageUrl}</span>
      </footer>
    </main>
  );
}

function PrintItem({ item, position }: { item: ExportItem; position: number }) {
  const link = item.stop ? stopMapsLink(item.stop) : null;
  return (
    <li className="print-keep grid gap-0.5" data-testid="print-item">
      <p className="font-semibold">
        {position}. {item.title}
      </p>
      {item.place ? <p className="text-sm text-muted-foreground">{item.place}</p> : null}
      {item.description ? <p className="text-sm leading-relaxed whitespace-pre-wrap">{item.description}</p> : null}
      {link ? (
        <p className="text-xs text-muted-foreground">
          Map:{' '}
          <a href={link} className="break-all underline">
            {link}
          </a>
        </p>
      ) : null}
    </li>
  );
}
