import * as React from 'react';
import { ImagePlus, X } from 'lucide-react';
import { thumbnailUrl } from '@common/media-url';
import { useFieldControl } from '@/components/ui/field';
import { cn } from '@/lib/utils';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';

type PhotoPickerProps = {
  /** New photos chosen on this device, not yet uploaded. */
  files: File[];
  onChange: (files: File[]) => void;
  /** Photos already uploaded (edit forms); shown first, so the first of them is the Main one. */
  existingUrls?: string[];
  onRemoveExisting?: (url: string) => void;
  /** Existing plus new photos at most this many; undefined means no limit. */
  max?: number;
  onTooMany: () => void;
  id?: string;
  disabled?: boolean;
  className?: string;
};

/** Stable keys for File objects, so removing one photo does not remount the others' previews. */
const fileKeys = new WeakMap<File, number>();
let nextFileKey = 0;
function keyOf(file: File) {
  let key = fileKeys.get(file);
  if (key === undefined) {
    key = ++nextFileKey;
    fileKeys.set(file, key);
  }
  return key;
}

/**
 * Photo selection with previews (docs/product.md#tips-and-guides): the first photo is marked Main, every photo has a
 * remove button, and a selection that would pass `max` is refused through `onTooMany`.
 */
export function PhotoPicker({
  files,
  onChange,
  existingUrls = [],
  onRemoveExisting,
  max,
  onTooMany,
  id,
  disabled = false,
  className,
}: PhotoPickerProps) {
  const generatedId = React.useId();
  // Inside a Field: its id, and aria-invalid / aria-describedby when the field has an error.
  const { id: fieldId, ...fieldAria } = useFieldControl<{ id?: string }>({ id });
  const inputId = fieldId ?? generatedId;
  const total = existingUrls.length + files.length;
  const isFull = max !== undefined && total >= max;

  const onSelect = (event: React.ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []).filter((file) => file.type === '' || file.type.startsWith('image/'));
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    if (picked.length === 0) return;
    if (max !== undefined && total + picked.length > max) {
      onTooMany();
      return;
    }
    onChange([...files, ...picked]);
  };

  return (
    <div className={cn('grid gap-3', className)}>
      {total > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="Selected photos">
          {existingUrls.map((url, index) => (
            <PhotoTile
              key={url}
              src={thumbnailUrl(url)}
              isMain={index === 0}
              label={`Photo ${index + 1}`}
              disabled={disabled || !onRemoveExisting}
              onRemove={() => onRemoveExisting?.(url)}
            />
          ))}
          {files.map((file, index) => (
            <FileTile
              key={keyOf(file)}
              file={file}
              isMain={existingUrls.length + index === 0}
              label={`Photo ${existingUrls.length + index + 1}`}
              disabled={disabled}
              onRemove={() => onChange(files.filter((f) => f !== file))}
            />
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <input
          {...fieldAria}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          data-photo-picker-add
          className="peer sr-only"
          disabled={disabled || isFull}
          onChange={onSelect}
        />
        <label
          htmlFor={inputId}
          className={cn(
            'inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-dashed border-input bg-card px-4 text-sm font-medium shadow-xs transition-colors hover:bg-muted peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-aria-invalid:border-destructive',
            (disabled || isFull) && 'pointer-events-none opacity-60',
          )}
        >
          <ImagePlus className="size-4" aria-hidden />
          {total > 0 ? 'Add more photos' : 'Choose photos'}
        </label>
        {max !== undefined ? (
          <span className="text-xs text-muted-foreground tabular-nums">
            {total} / {max} photos
          </span>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A new file's preview. Its object URL lives exactly as long as the <img>: made and revoked by a ref
 * callback with a cleanup (React 19), so no extra render and StrictMode's second mount gets a URL of its own.
 */
function FileTile({ file, ...rest }: { file: File } & Omit<TileProps, 'src' | 'imgRef'>) {
  const showFile = React.useCallback(
    (img: HTMLImageElement) => {
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <PhotoTile imgRef={showFile} {...rest} />;
}

type TileProps = {
  src?: string;
  imgRef?: React.Ref<HTMLImageElement>;
  isMain: boolean;
  label: string;
  disabled: boolean;
  onRemove: () => void;
};

function PhotoTile({ src, imgRef, isMain, label, disabled, onRemove }: TileProps) {
  // The tile goes: focus to the next photo's remove button, else the previous, else the upload button (issue 36).
  const focusAfterRemoval = useFocusAfterRemoval(() => document.querySelector<HTMLElement>('[data-photo-picker-add]'));
  return (
    <li data-focus-item className="relative aspect-square overflow-hidden rounded-lg border bg-muted">
      {src || imgRef ? <img ref={imgRef} src={src} alt={label} decoding="async" className="size-full object-cover" /> : null}
      {isMain ? (
        <span className="absolute top-2 left-2 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground shadow">
          Main
        </span>
      ) : null}
      {!disabled ? (
        <button
          type="button"
          onClick={(event) => {
            focusAfterRemoval(event.currentTarget);
            onRemove();
          }}
          aria-label={`Remove ${label.toLowerCase()}`}
          className="absolute top-2 right-2 flex size-7 cursor-pointer items-center justify-center rounded-full bg-foreground/70 text-background shadow transition-colors hover:bg-destructive focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </li>
  );
}
