import * as React from 'react';
import { X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { countryMatches } from '../country-matches';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';

type CountryPickerProps = { id: string; value: string[]; onChange: (countries: string[]) => void };

/** Countries covered: a type-ahead over the fixed list; Enter adds the first (or highlighted) match. */
export function CountryPicker({ id, value, onChange }: CountryPickerProps) {
  const [text, setText] = React.useState('');
  const [isOpen, setIsOpen] = React.useState(false);
  const [active, setActive] = React.useState(0);
  const matches = countryMatches(text, value);
  const isListShown = isOpen && matches.length > 0;
  const listId = `${id}-matches`;
  // A removed country hands focus to the next, else the previous, else the search box (issue 36).
  const focusAfterRemoval = useFocusAfterRemoval(() => document.getElementById(id));

  const add = (country: string | undefined) => {
    if (!country || value.includes(country)) return;
    onChange([...value, country]);
    setText('');
    setActive(0);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add(matches[active] ?? matches[0]);
    } else if (event.key === 'ArrowDown' && matches.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActive((i) => (i + 1) % matches.length);
    } else if (event.key === 'ArrowUp' && matches.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? matches.length - 1 : i - 1));
    } else if (event.key === 'Escape' && isListShown) {
      event.preventDefault();
      setIsOpen(false);
    }
  };

  return (
    <div className="grid gap-2">
      <div className="relative">
        <Input
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={listId}
          aria-activedescendant={isListShown ? `${listId}-${active}` : undefined}
          autoComplete="off"
          placeholder="Type a country and press Enter"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            setActive(0);
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={() => setIsOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching countries"
          hidden={!isListShown}
          className="absolute inset-x-0 top-full z-40 mt-1 max-h-72 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {isListShown &&
            matches.map((country, index) => (
              <li
                key={country}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  add(country);
                }}
                onMouseEnter={() => setActive(index)}
                className={cn(
                  'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                  index === active && 'bg-secondary text-secondary-foreground',
                )}
              >
                {country}
              </li>
            ))}
        </ul>
      </div>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Countries covered">
          {value.map((country) => (
            <li
              key={country}
              data-focus-item
              className="inline-flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium text-secondary-foreground"
            >
              {country}
              <button
                type="button"
                onClick={(event) => {
                  focusAfterRemoval(event.currentTarget);
                  onChange(value.filter((c) => c !== country));
                }}
                className="cursor-pointer rounded-full p-0.5 hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Remove ${country}`}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
