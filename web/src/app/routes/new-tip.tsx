import { PinPickerMap } from '@/features/maps/components/lazy-maps';
import { CreateTip } from '@/features/tips/components/create-tip';
import { useDocumentTitle } from '@/lib/document-title';

export function NewTipRoute() {
  useDocumentTitle('Share a Tip');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">Share a Tip</h1>
        <p className="text-muted-foreground">Something worth knowing from your travels: a place, a trick, a warning.</p>
      </div>
      <CreateTip pinMap={PinPickerMap} />
    </div>
  );
}
