import * as React from 'react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { PAGE_PHOTO_SIZES, photoSrcSet, thumbnailUrl } from '@common/media-url';
import { cn } from '@/lib/utils';

/** The grid's cells: a third of the width on phones, a fifth from `sm`, at most ~200 px. */
const GRID_SIZES = '(min-width: 1024px) 200px, (min-width: 640px) 20vw, 33vw';

type PhotoGalleryProps = {
  urls: string[];
  alt: string;
  className?: string;
  /**
   * The cover's `sizes`: its width on the page. The default is the page column's (full width on
   * phones, at most ~1024 px beside the sidebar), as preloadPhoto assumes.
   */
  coverSizes?: string;
};

/**
 * The cover photo, then a grid of every photo when there is more than one; clicking any photo
 * opens the lightbox (docs/product.md#screens, a tip's page). The cover is the page's largest paint, so it loads
 * eagerly and first, in the size its width needs (`srcset`: a phone takes the 1024 px copy, not
 * the 2048 px original); the grid below shows thumbnails, lazily; the lightbox shows originals.
 */
export function PhotoGallery({ urls, alt, className, coverSizes = PAGE_PHOTO_SIZES }: PhotoGalleryProps) {
  const [openIndex, setOpenIndex] = React.useState<number | null>(null);
  const cover = urls[0];
  if (!cover) return null;

  return (
    <div className={cn('grid gap-3', className)}>
      <button
        type="button"
        onClick={() => setOpenIndex(0)}
        className="group block cursor-zoom-in overflow-hidden rounded-xl bg-muted focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`Open photo 1 of ${urls.length}`}
      >
        <img
          // sizes and srcset before src: the server writes them in this order, and a browser reading
          // src first may fetch it (the 2048 px original) before it knows the smaller copies.
          sizes={coverSizes}
          srcSet={photoSrcSet(cover)}
          src={cover}
          alt={alt}
          loading="eager"
          fetchPriority="high"
          width={1600}
          height={900}
          className="aspect-[16/9] max-h-[28rem] w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </button>
      {urls.length > 1 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Photos">
          {urls.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                onClick={() => setOpenIndex(index)}
                className="block w-full cursor-zoom-in overflow-hidden rounded-lg bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Open photo ${index + 1} of ${urls.length}`}
              >
                <img
                  sizes={GRID_SIZES}
                  srcSet={photoSrcSet(url, 'mid')}
                  src={thumbnailUrl(url)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  width={240}
                  height={240}
                  className="aspect-square h-auto w-full object-cover transition-opacity hover:opacity-90"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Lightbox urls={urls} alt={alt} index={openIndex} onIndexChange={setOpenIndex} />
    </div>
  );
}

type LightboxProps = {
  urls: string[];
  alt: string;
  /** The photo shown; null means closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
};

/** Full-screen viewer: previous/next wrap around, arrow keys move, Escape or Close closes. */
export function Lightbox({ urls, alt, index, onIndexChange }: LightboxProps) {
  const total = urls.length;
  const current = index ?? 0;
  const move = (step: number) => onIndexChange((current + step + total) % total);
  const hasMany = total > 1;

  return (
    <Dialog open={index !== null} onOpenChange={(open) => !open && onIndexChange(null)}>
      <DialogContent
        hasCloseButton={false}
        aria-describedby={undefined}
        className="flex h-dvh w-screen max-w-none flex-col items-center justify-center gap-3 rounded-none border-0 bg-black/95 p-4 text-white sm:p-8"
        onKeyDown={(event) => {
          if (!hasMany) return;
          if (event.key === 'ArrowRight') move(1);
          else if (event.key === 'ArrowLeft') move(-1);
        }}
      >
        <DialogTitle className="sr-only">{alt}</DialogTitle>
        <div className="flex w-full items-center justify-between">
          <p className="text-sm font-medium tabular-nums" aria-live="polite">
            {current + 1} / {total}
          </p>
          <DialogClose className="flex size-10 cursor-pointer items-center justify-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white">
            <X className="size-5" aria-hidden />
            <span className="sr-only">Close</span>
          </DialogClose>
        </div>
        <div className="relative flex min-h-0 w-full flex-1 items-center justify-center">
          <img
            src={urls[current]}
            alt={`${alt} (photo ${current + 1} of ${total})`}
            className="max-h-full max-w-full rounded-md object-contain"
          />
          {hasMany ? (
            <>
              <LightboxArrow label="Previous photo" className="left-0" onClick={() => move(-1)}>
                <ChevronLeft className="size-6" aria-hidden />
              </LightboxArrow>
              <LightboxArrow label="Next photo" className="right-0" onClick={() => move(1)}>
                <ChevronRight className="size-6" aria-hidden />
              </LightboxArrow>
            </>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function LightboxArrow({
  label,
  className,
  onClick,
  children,
}: {
  label: string;
  className: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        'absolute top-1/2 flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/15 text-white backdrop-blur hover:bg-white/30 focus-visible:ring-2 focus-visible:ring-white',
        className,
      )}
    >
      {children}
    </button>
  );
}
