import { tipPlaceLabel } from '@common/guide-labels';
import * as React from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { GUIDE_TEXTS } from '@common/schemas/guide';
import type { TipOption } from '@common/schemas/tip';
import { Button } from '@/components/ui/button';
import { FieldError, fieldErrorId } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import {
  type CustomItem,
  type DraftItem,
  addCustom,
  addTip,
  availableTips,
  canMoveToDay,
  itemsOfDay,
  moveDown,
  moveItem,
  moveToDay,
  moveUp,
  removeItem,
} from '../itinerary';
import { type DropTarget, ItineraryDnd, SortableDay, itemTitle, useSortableItem } from './itinerary-dnd';
import { ItemMoveMenu, type MoveRequest, moveButtonId } from './item-move-menu';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';

type ItineraryEditorProps = {
  daysCount: number;
  items: DraftItem[];
  onChange: (items: DraftItem[]) => void;
  tips: TipOption[];
  /** Edit Guide's custom activity has a place name and description too (docs/product.md#tips-and-guides). */
  isDetailedCustom?: boolean;
};

export function ItineraryEditor({ daysCount, items, onChange, tips, isDetailedCustom = false }: ItineraryEditorProps) {
  const { announcement, move, moveTo } = useItemMoves(items, onChange);
  return (
    <ItineraryDnd items={items} onMove={moveTo}>
      <div className="grid gap-4">
        {Array.from({ length: daysCount }, (_, index) => index + 1).map((day) => (
          <DayEditor
            key={day}
            day={day}
            items={itemsOfDay(items, day)}
            tips={availableTips(items, day, tips)}
            hasAnyTips={tips.length > 0}
            isDetailedCustom={isDetailedCustom}
            onAddTip={(tip) => onChange(addTip(items, day, tip))}
            onAddCustom={(custom) => onChange(addCustom(items, day, custom))}
            onRemove={(key) => onChange(removeItem(items, key))}
            moveMenu={(item) => (
              <ItemMoveMenu
                itemKey={item.key}
                title={itemTitle(item)}
                dayNumber={item.dayNumber}
                orderInDay={item.orderInDay}
                dayLength={itemsOfDay(items, item.dayNumber).length}
                daysCount={daysCount}
                canMoveTo={(dayNumber) => canMoveToDay(items, item.key, dayNumber)}
                onMove={(request) => move(item.key, request)}
              />
            )}
          />
        ))}
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </div>
    </ItineraryDnd>
  );
}

/**
 * Moves from the Move menu and from drops. A menu move is said in a status message and puts
 * focus back on the item's Move button (the row may be drawn in another day).
 */
function useItemMoves(items: DraftItem[], onChange: (items: DraftItem[]) => void) {
  const [announcement, setAnnouncement] = React.useState('');
  const announce = (key: string, next: DraftItem[]) => {
    const item = next.find((i) => i.key === key);
    if (!item) return;
    const count = itemsOfDay(next, item.dayNumber).length;
    setAnnouncement(`${itemTitle(item)} moved to day ${item.dayNumber}, position ${item.orderInDay} of ${count}.`);
  };
  const move = (key: string, request: MoveRequest) => {
    const next =
      request.kind === 'up'
        ? moveUp(items, key)
        : request.kind === 'down'
          ? moveDown(items, key)
          : moveToDay(items, key, request.dayNumber);
    if (next !== items) {
      onChange(next);
      announce(key, next);
    }
    // A discrete event's update is drawn before this runs: the button is in its new row by then.
    window.setTimeout(() => document.getElementById(moveButtonId(key))?.focus(), 0);
  };
  // A drop is announced by dnd-kit itself.
  const moveTo = (key: string, target: DropTarget) => {
    const next = moveItem(items, key, target.dayNumber, target.index);
    if (next !== items) onChange(next);
  };
  return { announcement, move, moveTo };
}

type DayEditorProps = {
  day: number;
  items: DraftItem[];
  tips: TipOption[];
  hasAnyTips: boolean;
  isDetailedCustom: boolean;
  onAddTip: (tip: TipOption) => void;
  onAddCustom: (custom: CustomItem) => void;
  onRemove: (key: string) => void;
  moveMenu: (item: DraftItem) => React.ReactNode;
};

function DayEditor(props: DayEditorProps) {
  const { day, items, tips, hasAnyTips, isDetailedCustom, onAddTip, onAddCustom, onRemove, moveMenu } = props;
  const headingId = `itinerary-day-${day}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border bg-background/60 p-4">
      <div className="flex items-center gap-3">
        <span
          className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
          aria-hidden
        >
          {day}
        </span>
        <h3 id={headingId} className="font-semibold">
          Day {day}
        </h3>
        <span className="text-xs text-muted-foreground">{items.length === 1 ? '1 activity' : `${items.length} activities`}</span>
      </div>
      <SortableDay day={day} keys={items.map((item) => item.key)}>
        {items.length === 0 ? (
          <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
            {GUIDE_TEXTS.emptyDay}. Add one of your tips or a custom item below.
          </p>
        ) : (
          <ol className="grid gap-2" aria-label={`Day ${day} items`}>
            {items.map((item) => (
              <ItemRow key={item.key} item={item} day={day} onRemove={() => onRemove(item.key)} moveMenu={moveMenu(item)} />
            ))}
          </ol>
        )}
      </SortableDay>
      <div className="grid gap-3 sm:grid-cols-2">
        {hasAnyTips ? (
          <Select
            value=""
            onValueChange={(id) => {
              const tip = tips.find((t) => t.id === id);
              if (tip) onAddTip(tip);
            }}
            disabled={tips.length === 0}
          >
            <SelectTrigger aria-label={`Add a tip to day ${day}`}>
              <SelectValue placeholder={tips.length === 0 ? 'All your tips are in this day' : 'Add one of your tips...'} />
            </SelectTrigger>
            <SelectContent>
              {tips.map((tip) => (
                <SelectItem key={tip.id} value={tip.id}>
                  {tip.title} <span className="text-muted-foreground">· {tip.city}</span>
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : null}
        {isDetailedCustom ? null : <CustomItemInput day={day} onAdd={onAddCustom} />}
      </div>
      {isDetailedCustom ? <CustomActivityForm day={day} onAdd={onAddCustom} /> : null}
    </section>
  );
}

type ItemRowProps = { item: DraftItem; day: number; onRemove: () => void; moveMenu: React.ReactNode };

function ItemRow({ item, day, onRemove, moveMenu }: ItemRowProps) {
  // Focus goes to the next item, else the previous, else the day's heading (issue 36, WCAG 2.4.3).
  const focusAfterRemoval = useFocusAfterRemoval(() => document.getElementById(`itinerary-day-${day}`));
  const title = item.tip ? item.tip.title : (item.customTitle ?? '');
  const detail = item.tip ? tipPlaceLabel(item.tip) : [item.customPlaceName, item.customDescription].filter(Boolean).join(' · ');
  const { rowProps, grip, isDragging } = useSortableItem(item);
  return (
    <li
      {...rowProps}
      data-focus-item
      className={cn(
        'flex items-start gap-1.5 rounded-md border bg-card p-2 sm:gap-3 sm:p-3',
        isDragging && 'relative z-10 shadow-lg',
      )}
    >
      {grip}
      <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground">
        {item.orderInDay}
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="line-clamp-2 text-sm font-medium wrap-anywhere">{title}</p>
        <p className="line-clamp-2 text-xs text-muted-foreground">
          {item.tip ? 'Your tip' : 'Custom item'}
          {detail ? ` · ${detail}` : ''}
        </p>
      </div>
      {moveMenu}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8 text-muted-foreground hover:text-destructive"
        aria-label={`Remove ${title} from day ${day}`}
        onClick={(event) => {
          focusAfterRemoval(event.currentTarget);
          onRemove();
        }}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

/** The custom item's problem (ADR 043): a blank title is refused under the box, not silently. */
const CUSTOM_TITLE_MISSING = 'A custom item needs a title';

/** aria wiring of a custom item's title box when it holds a problem. */
function titleAria(errorId: string, error: string | null) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
}

/** Create Guide: one text box and an Add button; blank text adds nothing and says why. */
function CustomItemInput({ day, onAdd }: { day: number; onAdd: (custom: CustomItem) => void }) {
  const [text, setText] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const errorId = fieldErrorId(`custom-item-day-${day}`);
  const submit = () => {
    if (!text.trim()) return setError(CUSTOM_TITLE_MISSING);
    onAdd({ title: text });
    setText('');
  };
  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          aria-label={`Custom item for day ${day}`}
          placeholder="Add a custom item..."
          maxLength={200}
          value={text}
          {...titleAria(errorId, error)}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button
          type="button"
          variant="outline"
          onClick={submit}
          disabled={!text.trim()}
          aria-label={`Add custom item to day ${day}`}
        >
          <Plus aria-hidden />
          Add
        </Button>
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** Edit Guide: a custom activity with a title, an optional place name and description. */
function CustomActivityForm({ day, onAdd }: { day: number; onAdd: (custom: CustomItem) => void }) {
  const empty = { title: '', placeName: '', description: '' };
  const [draft, setDraft] = React.useState(empty);
  const [error, setError] = React.useState<string | null>(null);
  const errorId = fieldErrorId(`custom-activity-day-${day}`);
  const submit = () => {
    if (!draft.title.trim()) return setError(CUSTOM_TITLE_MISSING);
    onAdd(draft);
    setDraft(empty);
  };
  return (
    <div className="grid gap-2 rounded-md bg-muted/60 p-3">
      <p className="text-xs font-medium text-muted-foreground">Add a custom activity</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-2">
          <Input
            aria-label={`Activity title for day ${day}`}
            placeholder="Activity title"
            maxLength={200}
            value={draft.title}
            {...titleAria(errorId, error)}
            onChange={(e) => {
              setDraft({ ...draft, title: e.target.value });
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
          />
          {error ? <FieldError id={errorId}>{error}</FieldError> : null}
        </div>
        <Input
          aria-label={`Place name for day ${day}`}
          placeholder="Place name (optional)"
          maxLength={200}
          value={draft.placeName}
          onChange={(e) => setDraft({ ...draft, placeName: e.target.value })}
        />
      </div>
      <Textarea
        aria-label={`Activity description for day ${day}`}
        placeholder="Description (optional)"
        className="min-h-16"
        maxLength={2000}
        value={draft.description}
        onChange={(e) => setDraft({ ...draft, description: e.target.value })}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={submit}
        disabled={!draft.title.trim()}
      >
        <Plus aria-hidden />
        Add Activity
      </Button>
    </div>
  );
}
