import { Link } from 'react-router';
import { guidePath } from '@/components/navigation/content-path';
import { TriangleAlert } from 'lucide-react';
import { TIP_GUIDES_TEXTS, isWiderThan, widerGuides } from '@common/schemas/tip-guides';
import { VISIBILITY_LABELS, type Visibility } from '@common/schemas/visibility';
import { useTipGuides } from '../api/get-tip-guides';

type NarrowingWarningProps = { tipId: string; saved: Visibility; chosen: Visibility };

/**
 * Issue 36: narrowing a tip that sits in guides more people can see hides it from some of
 * their readers. Named here, as the author picks the narrower level; saving stays their choice.
 * The live region is always there, so a screen reader hears the warning when it appears.
 */
export function NarrowingWarning({ tipId, saved, chosen }: NarrowingWarningProps) {
  const holding = useTipGuides(tipId);
  const affected = isWiderThan(saved, chosen) ? widerGuides(holding.data?.guides ?? [], chosen) : [];
  return (
    <div aria-live="polite" data-testid="narrowing-warning">
      {affected.length > 0 ? (
        <div className="grid gap-2 rounded-lg border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert className="size-4 shrink-0" aria-hidden />
            {TIP_GUIDES_TEXTS.narrowingTitle}
          </p>
          <p>{TIP_GUIDES_TEXTS.narrowing(affected.length)}</p>
          <ul className="grid gap-1 pl-6">
            {affected.map((guide) => (
              <li key={guide.id} className="list-disc">
                <Link to={guidePath(guide.id)} className="font-medium underline underline-offset-2">
                  {guide.title}
                </Link>{' '}
                ({VISIBILITY_LABELS[guide.visibility]})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
