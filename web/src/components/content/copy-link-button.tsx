import * as React from 'react';
import { toast } from 'sonner';
import { Link2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';

export const COPY_LINK_TEXTS = {
  button: 'Copy link',
  copied: 'Link copied',
  fallbackTitle: 'Copy this link',
  fallbackDescription: 'Your browser did not let Waymark copy it: select the link and copy it yourself.',
} as const;

/** The absolute URL of a path of this site (or an absolute URL as it is). */
export const absoluteUrl = (pathOrUrl: string) => new URL(pathOrUrl, window.location.origin).href;

/**
 * Copies a link to the clipboard, with a toast. Where the browser refuses (no permission, an
 * insecure origin, an old browser), the link shows selected in a dialog to copy by hand.
 */
export async function copyLink(url: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(url);
    toast.success(COPY_LINK_TEXTS.copied);
    return true;
  } catch {
    return false;
  }
}

/** "Copy link" for a page (`path`: the page's path or absolute URL; members open it directly, docs/product.md#signing-in-and-sessions). */
export function CopyLinkButton({
  path,
  label = COPY_LINK_TEXTS.button,
  variant = 'outline',
}: {
  path: string;
  label?: string;
  variant?: 'outline' | 'default' | 'secondary';
}) {
  const [fallbackUrl, setFallbackUrl] = React.useState<string | null>(null);
  const onCopy = async () => {
    const url = absoluteUrl(path);
    if (!(await copyLink(url))) setFallbackUrl(url);
  };
  return (
    <>
      <Button type="button" variant={variant} onClick={() => void onCopy()}>
        <Link2 aria-hidden />
        {label}
      </Button>
      <CopyFallbackDialog url={fallbackUrl} onClose={() => setFallbackUrl(null)} />
    </>
  );
}

/** The link selected in a read-only field, for copying by hand. */
export function CopyFallbackDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  const inputId = React.useId();
  const inputRef = React.useRef<HTMLInputElement>(null);
  return (
    <Dialog open={url !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          inputRef.current?.focus();
          inputRef.current?.select();
        }}
      >
        <DialogHeader>
          <DialogTitle>{COPY_LINK_TEXTS.fallbackTitle}</DialogTitle>
          <DialogDescription>{COPY_LINK_TEXTS.fallbackDescription}</DialogDescription>
        </DialogHeader>
        <label htmlFor={inputId} className="sr-only">
          Link
        </label>
        <Input ref={inputRef} id={inputId} readOnly value={url ?? ''} onFocus={(event) => event.currentTarget.select()} />
      </DialogContent>
    </Dialog>
  );
}
