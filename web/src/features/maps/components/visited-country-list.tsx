import { cn } from '@/lib/utils';

type VisitedCountryListProps = { visited: readonly string[]; selected: string | null; onSelect: (country: string) => void };

/** The world map's list alternative: every visited country as a button that shows its tips. */
export function VisitedCountryList({ visited, selected, onSelect }: VisitedCountryListProps) {
  return (
    <ul aria-label="Visited countries" className="flex flex-wrap gap-2 text-sm">
      {visited.map((country) => (
        <li key={country}>
          <button
            type="button"
            aria-pressed={selected === country}
            onClick={() => onSelect(country)}
            className={cn(
              'rounded-full border px-3 py-1 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              selected === country && 'border-primary bg-primary text-primary-foreground hover:bg-primary',
            )}
          >
            {country}
          </button>
        </li>
      ))}
    </ul>
  );
}
