import * as React from 'react';
import { X } from 'lucide-react';
import { MAX_TAG_LENGTH, MAX_TAGS, normalizeTags } from '@common/schemas/content-fields';
import { useFieldControl } from '@/components/ui/field';
import { cn } from '@/lib/utils';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';

type TagInputProps = {
  value: string[];
  onChange: (tags: string[]) => void;
  suggestions?: readonly string[];
  placeholder?: string;
  id?: string;
  className?: string;
  /** The form's tag rule: tips lowercase (the default), guides keep the case (common/schemas/content-fields.ts). */
  normalize?: (tags: readonly string[]) => string[];
};

/**
 * Tag input (docs/product.md#forms-and-validation): Enter adds (the highlighted suggestion, else the typed text), Backspace on an
 * empty input removes the last tag, ArrowUp/ArrowDown move within the suggestions, Escape closes
 * them. Tags follow `normalize`, the same rule the server's schema applies.
 */
export function TagInput({
  value,
  onChange,
  suggestions = [],
  placeholder = 'Add a tag...',
  id,
  className,
  normalize = normalizeTags,
}: TagInputProps) {
  const generatedId = React.useId();
  // Inside a Field: its id, and aria-invalid / aria-describedby when the field has an error.
  const { id: fieldId, ...fieldAria } = useFieldControl<{ id?: string }>({ id });
  const inputId = fieldId ?? generatedId;
  const listId = `${inputId}-suggestions`;
  const [text, setText] = React.useState('');
  const [isOpen, setIsOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);

  const query = text.trim().toLowerCase();
  const taken = new Set(value.map((tag) => tag.toLowerCase()));
  const matches = suggestions.filter((s) => !taken.has(s.toLowerCase()) && s.toLowerCase().includes(query));
  const isListShown = isOpen && matches.length > 0;
  const isFull = value.length >= MAX_TAGS;

  // Keep the highlighted suggestion visible while moving with the arrow keys.
  React.useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const add = (raw: string) => {
    const next = normalize([...value, raw]);
    if (next.length !== value.length && next.length <= MAX_TAGS) onChange(next);
    setText('');
    setActive(-1);
  };
  const remove = (tag: string) => onChange(value.filter((t) => t !== tag));
  // A removed tag hands focus to the next tag, else the previous, else the input (issue 36).
  const focusAfterRemoval = useFocusAfterRemoval(() => document.getElementById(inputId));

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Enter': {
        // Never submit the surrounding form from the tag box.
        event.preventDefault();
        const picked = isListShown && active >= 0 ? matches[active] : undefined;
        if (picked) add(picked);
        else if (text.trim()) add(text);
        return;
      }
      case 'Backspace':
        if (text === '' && value.length > 0) {
          event.preventDefault();
          onChange(value.slice(0, -1));
        }
        return;
      case 'ArrowDown':
        if (matches.length === 0) return;
        event.preventDefault();
        setIsOpen(true);
        setActive((i) => (i + 1) % matches.length);
        return;
      case 'ArrowUp':
        if (matches.length === 0) return;
        event.preventDefault();
        setIsOpen(true);
        setActive((i) => (i <= 0 ? matches.length - 1 : i - 1));
        return;
      case 'Escape':
        if (isListShown) {
          // Close the list only; do not let an enclosing dialog close too.
          event.preventDefault();
          event.stopPropagation();
          setIsOpen(false);
          setActive(-1);
        }
        return;
    }
  };

  return (
    <div className={cn('relative', className)}>
      <div
        className="flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-card px-2 py-1.5 shadow-xs transition-colors focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30 has-[[aria-invalid=true]]:border-destructive"
        // A pointer convenience: a click on the box's padding focuses the input. Keyboard users
        // tab to the input itself, so the box is presentation, not a control of its own.
        role="presentation"
        onClick={() => document.getElementById(inputId)?.focus()}
      >
        {value.map((tag) => (
          <span
            key={tag}
            data-focus-item
            data-slot="tag"
            className="inline-flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium text-secondary-foreground"
          >
            {tag}
            <button
              type="button"
              onClick={(event) => {
                // Not the box's click-to-focus-the-input: the next tag's remove button takes focus.
                event.stopPropagation();
                focusAfterRemoval(event.currentTarget);
                remove(tag);
              }}
              className="rounded-full p-0.5 hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
              aria-label={`Remove tag ${tag}`}
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        ))}
        <input
          {...fieldAria}
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={listId}
          aria-activedescendant={isListShown && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          maxLength={MAX_TAG_LENGTH}
          // At the cap the box stays focusable (a disabled input would drop focus to the page):
          // read-only, so Backspace still removes the last tag.
          readOnly={isFull}
          aria-disabled={isFull || undefined}
          value={text}
          placeholder={isFull ? `At most ${MAX_TAGS} tags` : placeholder}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            setActive(-1);
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={() => {
            setIsOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          className="h-7 min-w-24 flex-1 bg-transparent px-1 text-base outline-none placeholder:text-muted-foreground read-only:cursor-not-allowed md:text-sm"
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Tag suggestions"
        hidden={!isListShown}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-56 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {isListShown &&
          matches.map((suggestion, index) => (
            <li
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // mousedown, not click: the input keeps focus and the list stays open for more picks.
              onMouseDown={(event) => {
                event.preventDefault();
                add(suggestion);
              }}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                index === active && 'bg-secondary text-secondary-foreground',
              )}
            >
              {suggestion}
            </li>
          ))}
      </ul>
    </div>
  );
}
