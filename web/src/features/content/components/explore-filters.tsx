import { Globe2 } from 'lucide-react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useExploreCountries } from '../api/get-explore-countries';
import { SearchBox } from './search-box';

/** Radix Select refuses an empty value, so "All Countries" has a value of its own. */
const ALL = '__all__';

type ExploreFiltersProps = {
  search: string;
  onSearchChange: (value: string) => void;
  country: string;
  onCountryChange: (value: string) => void;
};

export function ExploreFilters({ search, onSearchChange, country, onCountryChange }: ExploreFiltersProps) {
  const countries = useExploreCountries();
  // A country in the URL that is no longer in the content still shows as chosen.
  const options = country && !countries.data?.includes(country) ? [country, ...(countries.data ?? [])] : (countries.data ?? []);

  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <SearchBox value={search} onChange={onSearchChange} />
      <Select value={country || ALL} onValueChange={(value) => onCountryChange(value === ALL ? '' : value)}>
        <SelectTrigger aria-label="Country" className="sm:w-56">
          <Globe2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 flex-1">
            {/* Named here, not left to the open list to fill in: the server's page shows it too (ADR 023). */}
            <SelectValue placeholder="All Countries">{country || 'All Countries'}</SelectValue>
          </span>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All Countries</SelectItem>
          {options.map((name) => (
            <SelectItem key={name} value={name}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
