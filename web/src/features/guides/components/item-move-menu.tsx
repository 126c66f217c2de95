import * as React from 'react';
import { ArrowDown, ArrowRight, ArrowUp, MoveVertical } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/** What an item's Move menu asks for (issue 36). */
export type MoveRequest = { kind: 'up' } | { kind: 'down' } | { kind: 'day'; dayNumber: number };

/** The id of an item's Move button: focus comes back to it after a move, wherever the item went. */
export const moveButtonId = (key: string) => `move-item-${key}`;

type ItemMoveMenuProps = {
  itemKey: string;
  title: string;
  dayNumber: number;
  orderInDay: number;
  dayLength: number;
  daysCount: number;
  /** False for a day that already has this tip. */
  canMoveTo: (dayNumber: number) => boolean;
  onMove: (request: MoveRequest) => void;
};

/**
 * Moves without dragging, for keyboards and screen readers (and anyone): Move up, Move down and
 * Move to day N. A move puts focus back on this button, found again by id after the re-render.
 */
export function ItemMoveMenu(props: ItemMoveMenuProps) {
  const { itemKey, title, dayNumber, orderInDay, dayLength, daysCount, canMoveTo, onMove } = props;
  const hasMoved = React.useRef(false);
  const otherDays = Array.from({ length: daysCount }, (_, i) => i + 1).filter((d) => d !== dayNumber);
  const choose = (request: MoveRequest) => {
    hasMoved.current = true;
    onMove(request);
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          id={moveButtonId(itemKey)}
          type="button"
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground"
          aria-label={`Move ${title}`}
        >
          <MoveVertical aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="max-h-80 overflow-y-auto"
        onCloseAutoFocus={(event) => {
          // After a move the editor focuses this item's button where it now is.
          if (hasMoved.current) event.preventDefault();
          hasMoved.current = false;
        }}
      >
        <DropdownMenuItem disabled={orderInDay <= 1} onSelect={() => choose({ kind: 'up' })}>
          <ArrowUp aria-hidden />
          Move up
        </DropdownMenuItem>
        <DropdownMenuItem disabled={orderInDay >= dayLength} onSelect={() => choose({ kind: 'down' })}>
          <ArrowDown aria-hidden />
          Move down
        </DropdownMenuItem>
        {otherDays.map((day) => (
          <DropdownMenuItem key={day} disabled={!canMoveTo(day)} onSelect={() => choose({ kind: 'day', dayNumber: day })}>
            <ArrowRight aria-hidden />
            Move to day {day}
            {canMoveTo(day) ? null : <span className="text-xs text-muted-foreground">(already there)</span>}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
