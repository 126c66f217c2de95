import * as React from 'react';
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  closestCenter,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { cn } from '@/lib/utils';
import { type DraftItem, itemsOfDay } from '../itinerary';

/**
 * Drag and drop of itinerary items (issue 36, ADR 104) with dnd-kit: by pointer on the grip, and
 * by keyboard (Space or Enter picks up, arrows move, Space or Enter drops, Escape cancels) with
 * what happens said to screen readers. The item's Move menu does the same without dragging.
 */

const DAY_PREFIX = 'day-';
const dayId = (day: number) => `${DAY_PREFIX}${day}`;
const dayOf = (id: UniqueIdentifier) => (String(id).startsWith(DAY_PREFIX) ? Number(String(id).slice(DAY_PREFIX.length)) : null);

export const itemTitle = (item: DraftItem) => (item.tip ? item.tip.title : (item.customTitle ?? ''));

/** Under the pointer an item wins over its day's list; by keyboard, the nearest of either. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length > 0) {
    const items = within.filter((c) => dayOf(c.id) === null);
    return items.length > 0 ? items : within;
  }
  return closestCenter(args);
};

const INSTRUCTIONS =
  'To move an item, press Space or Enter on its grip, move it with the up and down arrow keys, ' +
  'then press Space or Enter to drop it, or Escape to cancel. Its Move menu also moves it up, down or to another day.';

/** Where a drop on `overId` puts the item: its day and its index among that day's other items. */
export type DropTarget = { dayNumber: number; index: number };

function dropTarget(items: readonly DraftItem[], event: Pick<DragEndEvent, 'active' | 'over'>): DropTarget | null {
  const { active, over } = event;
  if (!over) return null;
  const day = dayOf(over.id);
  if (day !== null) return { dayNumber: day, index: Number.MAX_SAFE_INTEGER };
  const target = items.find((i) => i.key === over.id);
  const moving = items.find((i) => i.key === active.id);
  if (!target || !moving) return null;
  if (target.dayNumber === moving.dayNumber) return { dayNumber: target.dayNumber, index: target.orderInDay - 1 };
  // Into another day: before the item, or after it when dropped on its lower half.
  const dragged = active.rect.current.translated;
  const isBelow = dragged ? dragged.top + dragged.height / 2 > over.rect.top + over.rect.height / 2 : false;
  return { dayNumber: target.dayNumber, index: target.orderInDay - 1 + (isBelow ? 1 : 0) };
}

type ItineraryDndProps = {
  items: DraftItem[];
  onMove: (key: string, target: DropTarget) => void;
  children: React.ReactNode;
};

const OverDayContext = React.createContext<number | null>(null);

export function ItineraryDnd({ items, onMove, children }: ItineraryDndProps) {
  const [overDay, setOverDay] = React.useState<number | null>(null);
  const hasMoved = React.useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.key === id);
    return item ? itemTitle(item) : 'The item';
  };
  const placeOf = (active: Pick<DragEndEvent, 'active' | 'over'>) => {
    const target = dropTarget(items, active);
    if (!target) return null;
    const others = itemsOfDay(items, target.dayNumber).filter((i) => i.key !== active.active.id).length;
    return `day ${target.dayNumber}, position ${Math.min(target.index, others) + 1} of ${others + 1}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      hasMoved.current = false;
      const item = items.find((i) => i.key === active.id);
      return item
        ? `Picked up ${itemTitle(item)}, day ${item.dayNumber}, position ${item.orderInDay} of ${itemsOfDay(items, item.dayNumber).length}.`
        : undefined;
    },
    onDragOver: (event) => {
      // Over its own place before it has moved: the pick-up message says it all.
      if (event.over?.id === event.active.id && !hasMoved.current) return undefined;
      hasMoved.current = true;
      const place = placeOf(event);
      return place ? `${titleOf(event.active.id)} would go to ${place}.` : `${titleOf(event.active.id)} is over no day.`;
    },
    onDragEnd: (event) => {
      const place = placeOf(event);
      return place ? `${titleOf(event.active.id)} dropped: ${place}.` : `${titleOf(event.active.id)} was put back.`;
    },
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled; it stays where it was.`,
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      onDragOver={(event) => {
        setOverDay(dropTarget(items, event)?.dayNumber ?? null);
      }}
      onDragCancel={() => setOverDay(null)}
      onDragEnd={(event) => {
        setOverDay(null);
        const target = dropTarget(items, event);
        if (target) onMove(String(event.active.id), target);
      }}
    >
      <OverDayContext value={overDay}>{children}</OverDayContext>
    </DndContext>
  );
}

/** A day's list: sortable within, and a drop target as a whole (an empty day too). */
export function SortableDay({ day, keys, children }: { day: number; keys: string[]; children: React.ReactNode }) {
  const { setNodeRef } = useDroppable({ id: dayId(day) });
  const isOver = React.use(OverDayContext) === day;
  return (
    <SortableContext id={dayId(day)} items={keys} strategy={verticalListSortingStrategy}>
      <div ref={setNodeRef} data-drop-day={day} className={cn('rounded-md', isOver && 'ring-2 ring-primary ring-offset-2')}>
        {children}
      </div>
    </SortableContext>
  );
}

/** The sortable parts of an item's row: the row's ref and style, and its grip. */
export function useSortableItem(item: DraftItem) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
    attributes: { roleDescription: 'draggable item' },
  });
  const rowProps = {
    ref: setNodeRef,
    style: { transform: CSS.Translate.toString(transform), transition },
    'data-dragging': isDragging ? '' : undefined,
  };
  const grip = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Drag ${itemTitle(item)}`}
      className="mt-0.5 flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-secondary focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
    >
      <GripVertical className="size-4" aria-hidden />
    </button>
  );
  return { rowProps, grip, isDragging };
}
