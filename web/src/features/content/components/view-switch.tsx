import { List, Map as MapIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export const EXPLORE_VIEWS = ['list', 'map'] as const;
export type ExploreView = (typeof EXPLORE_VIEWS)[number];

const VIEWS: { value: ExploreView; label: string; icon: typeof List }[] = [
  { value: 'list', label: 'List', icon: List },
  { value: 'map', label: 'Map', icon: MapIcon },
];

/** List | Map: two toggle buttons; the choice is kept in the URL (`?view=map`) by the screen. */
export function ViewSwitch({ value, onChange }: { value: ExploreView; onChange: (next: ExploreView) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex w-fit rounded-lg border bg-muted p-0.5">
      {VIEWS.map(({ value: view, label, icon: Icon }) => (
        <button
          key={view}
          type="button"
          aria-pressed={value === view}
          onClick={() => onChange(view)}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            value === view && 'bg-card text-foreground shadow-sm',
          )}
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );
}
