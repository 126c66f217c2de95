import { Search, X } from 'lucide-react';
import { CONTENT_TEXTS } from '@common/content-texts';
import { Input } from '@/components/ui/input';

type SearchBoxProps = { value: string; onChange: (value: string) => void; placeholder?: string; label?: string };

export function SearchBox({ value, onChange, placeholder = CONTENT_TEXTS.searchPlaceholder, label = 'Search' }: SearchBoxProps) {
  return (
    <div className="relative w-full">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => onChange('')}
          className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
