import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Copy, Lock, Share2, Trash2 } from 'lucide-react';
import { SHARE_LINK_TEXTS, type ShareLink, ShareLinkFormSchema, todayUtc } from '@common/schemas/share-link';
import { CopyFallbackDialog, copyLink } from '@/components/content/copy-link-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notifyFixedFailure } from '@/lib/notify';
import { useShareLink } from '../api/get-share-link';
import { useRevokeShareLink } from '../api/revoke-share-link';
import { useSaveShareLink } from '../api/save-share-link';
import type { Visibility } from '@common/schemas/visibility';

export const SHARE_TEXTS = {
  button: 'Share',
  title: 'Share this guide',
  intro:
    'A public link lets people without a Waymark account read this guide and its public tips. Tips that are not public stay hidden.',
  create: 'Create link',
  updateExpiry: 'Save expiry',
  revoke: 'Revoke link',
  revoked: 'Link revoked',
  created: 'Link created',
  copy: 'Copy link',
  privateGuide: 'This guide is private: the link does not work until you make it public again.',
  connectionsGuide: 'This guide is for your connections only: the link does not work until you make it public.',
  hiddenGuide: 'A moderator hid this guide: the link does not work while it is hidden.',
  createFailed: 'Failed to create link',
  revokeFailed: 'Failed to revoke link',
} as const;

/** The owner's Share button on a guide's page (ADR 068): create, copy and revoke its public link. */
type ShareGuideControlProps = { guideId: string; visibility: Visibility; hidden: boolean };

export function ShareGuideControl({ guideId, visibility, hidden }: ShareGuideControlProps) {
  const [isOpen, setIsOpen] = React.useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <Share2 aria-hidden />
          {SHARE_TEXTS.button}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{SHARE_TEXTS.title}</DialogTitle>
          <DialogDescription>{SHARE_TEXTS.intro}</DialogDescription>
        </DialogHeader>
        {isOpen ? <SharePanel guideId={guideId} notice={linkNotice(visibility, hidden)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** Why the link does not work now (a share link shows only a public, visible guide), if it does not. */
function linkNotice(visibility: Visibility, hidden: boolean): string | null {
  if (hidden) return SHARE_TEXTS.hiddenGuide;
  if (visibility === 'private') return SHARE_TEXTS.privateGuide;
  return visibility === 'connections' ? SHARE_TEXTS.connectionsGuide : null;
}

function SharePanel({ guideId, notice }: { guideId: string; notice: string | null }) {
  const query = useShareLink(guideId, true);
  if (query.isPending) return <Spinner label="Loading link..." className="py-4" />;
  if (query.isError) return <p className="text-sm text-destructive">{errorMessage(query.error)}</p>;
  const link = query.data.link;
  return (
    <div className="grid gap-4">
      {link ? <LinkView guideId={guideId} link={link} /> : null}
      {notice ? (
        <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm text-muted-foreground">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          {notice}
        </p>
      ) : null}
      <ExpiryForm key={link?.url ?? 'none'} guideId={guideId} link={link} />
    </div>
  );
}

const expiryLabel = (expiresOn: string | null) =>
  expiresOn
    ? `Works until the end of ${new Date(`${expiresOn}T12:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'long', timeZone: 'UTC' })} (UTC).`
    : 'Works until you revoke it.';

function LinkView({ guideId, link }: { guideId: string; link: ShareLink }) {
  const [fallbackUrl, setFallbackUrl] = React.useState<string | null>(null);
  const revoke = useRevokeShareLink(guideId);
  const inputId = React.useId();
  const onCopy = async () => {
    if (!(await copyLink(link.url))) setFallbackUrl(link.url);
  };
  return (
    <div className="grid gap-2 rounded-lg border bg-secondary/40 p-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        {SHARE_LINK_TEXTS.anyoneCanView}
      </label>
      <Input id={inputId} readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
      <p className="text-xs text-muted-foreground">{expiryLabel(link.expiresOn)}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={() => void onCopy()}>
          <Copy aria-hidden />
          {SHARE_TEXTS.copy}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="text-destructive"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(undefined, {
              onSuccess: () => toast.success(SHARE_TEXTS.revoked),
              onError: (error) => notifyFixedFailure(SHARE_TEXTS.revokeFailed, error),
            })
          }
        >
          <Trash2 aria-hidden />
          {SHARE_TEXTS.revoke}
        </Button>
      </div>
      <CopyFallbackDialog url={fallbackUrl} onClose={() => setFallbackUrl(null)} />
    </div>
  );
}

type FormInput = z.input<typeof ShareLinkFormSchema>;
type FormOutput = z.output<typeof ShareLinkFormSchema>;

/** Creates the link with an optional last day, or changes the last day of the one there is. */
function ExpiryForm({ guideId, link }: { guideId: string; link: ShareLink | null }) {
  const save = useSaveShareLink(guideId);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ShareLinkFormSchema),
    defaultValues: { expiresOn: link?.expiresOn ?? '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast.success(link ? 'Expiry saved' : SHARE_TEXTS.created),
      onError: (error) => notifyFixedFailure(SHARE_TEXTS.createFailed, error),
    }),
  );
  return (
    <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field id={`share-expiry-${guideId}`} label="Expires on (optional)" error={form.formState.errors.expiresOn?.message}>
        <Input type="date" min={todayUtc()} {...form.register('expiresOn')} />
      </Field>
      <div>
        <Button type="submit" variant={link ? 'outline' : 'default'} disabled={save.isPending}>
          {link ? SHARE_TEXTS.updateExpiry : SHARE_TEXTS.create}
        </Button>
      </div>
    </form>
  );
}
