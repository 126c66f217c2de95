import { ArrowDownWideNarrow, Globe2, Tag } from 'lucide-react';
import type { ExploreSort } from '@common/schemas/content';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTipTypes } from '@/lib/api/get-tip-types';
import { useExploreCountries } from '../api/get-explore-countries';
import { SearchBox } from './search-box';

/** Radix Select refuses an empty value, so "All Countries" has a value of its own. */
const ALL = '__all__';

/** Explore's orders (issue 36), as the sort select names them. */
export const SORT_LABELS: Record<ExploreSort, string> = { newest: 'Newest', liked: 'Most liked', rated: 'Best rated' };

type ExploreFiltersProps = {
  search: string;
  onSearchChange: (value: string) => void;
  country: string;
  onCountryChange: (value: string) => void;
  sort: ExploreSort;
  onSortChange: (value: ExploreSort) => void;
  tipType: string;
  onTipTypeChange: (value: string) => void;
};

export function ExploreFilters(props: ExploreFiltersProps) {
  const { search, onSearchChange, country, onCountryChange } = props;
  const countries = useExploreCountries();
  // A country in the URL that is no longer in the content still shows as chosen.
  const options = country && !countries.data?.includes(country) ? [country, ...(countries.data ?? [])] : (countries.data ?? []);

  return (
    <div className="grid gap-3">
      <SearchBox value={search} onChange={onSearchChange} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Select value={country || ALL} onValueChange={(value) => onCountryChange(value === ALL ? '' : value)}>
          <SelectTrigger aria-label="Country">
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
        <CategorySelect value={props.tipType} onChange={props.onTipTypeChange} />
        <Select value={props.sort} onValueChange={(value) => props.onSortChange(value as ExploreSort)}>
          <SelectTrigger aria-label="Sort by">
            <ArrowDownWideNarrow className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 flex-1">
              <SelectValue>{SORT_LABELS[props.sort]}</SelectValue>
            </span>
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(SORT_LABELS) as ExploreSort[]).map((sort) => (
              <SelectItem key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

/** The tip category (tip type): only tips of it; guides have none. */
function CategorySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const tipTypes = useTipTypes();
  const chosen = tipTypes.data?.find((type) => type.id === value);
  return (
    <Select value={value || ALL} onValueChange={(next) => onChange(next === ALL ? '' : next)}>
      <SelectTrigger aria-label="Category">
        <Tag className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1">
          <SelectValue placeholder="All Categories">{chosen?.name ?? (value ? 'Category' : 'All Categories')}</SelectValue>
        </span>
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>All Categories</SelectItem>
        {(tipTypes.data ?? []).map((type) => (
          <SelectItem key={type.id} value={type.id}>
            {type.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
