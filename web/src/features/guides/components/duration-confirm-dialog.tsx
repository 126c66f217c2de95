import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import type { DroppedItems } from '../itinerary';

/** A lower duration waiting for the member's answer: from `from` days to `to`, dropping `dropped`. */
export type DurationLowering = { from: number; to: number; dropped: DroppedItems };

const itemsLabel = (count: number) => (count === 1 ? '1 item' : `${count} items`);
const daysLabel = (count: number) => (count === 1 ? '1 day' : `${count} days`);

/** "2 items on day 3 and 1 item on day 5" */
export function droppedItemsText(dropped: DroppedItems): string {
  const parts = dropped.days.map((d) => `${itemsLabel(d.count)} on day ${d.dayNumber}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * Lowering the duration drops the items of the days beyond it (docs/product.md#tips-and-guides); since issue 36 the member
 * is asked first and may keep the days. Escape keeps them too.
 */
export function DurationConfirmDialog({
  lowering,
  onRemove,
  onKeep,
}: {
  lowering: DurationLowering | null;
  onRemove: () => void;
  onKeep: () => void;
}) {
  const count = lowering?.dropped.count ?? 0;
  return (
    <AlertDialog open={lowering !== null} onOpenChange={(open) => (open ? undefined : onKeep())}>
      <AlertDialogContent>
        {lowering ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Remove {itemsLabel(count)} from the itinerary?</AlertDialogTitle>
              <AlertDialogDescription>
                Lowering the duration to {daysLabel(lowering.to)} removes {droppedItemsText(lowering.dropped)}.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel onClick={onKeep}>Keep {daysLabel(lowering.from)}</AlertDialogCancel>
              <AlertDialogAction onClick={onRemove}>Remove {itemsLabel(count)}</AlertDialogAction>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
