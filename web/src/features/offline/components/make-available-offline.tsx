import { useState } from 'react';
import { CheckCircle2, CloudOff } from 'lucide-react';
import type { Guide } from '@common/schemas/guide';
import { Button } from '@/components/ui/button';
import { notifyFixedFailure, notifySuccess } from '@/lib/notify';
import { useIsOnline } from '@/lib/use-is-online';
import { type Progress, useMakeGuideOffline, useRemoveGuideOffline } from '../api/guide-offline';
import { useOfflineStatus } from '../api/offline-status';

export const OFFLINE_TEXTS = {
  make: 'Make available offline',
  available: 'Available offline',
  remove: 'Remove offline copy',
  done: 'This guide, its tips and photos are on this device.',
  failed: 'Could not make this guide available offline',
  removed: 'Offline copy removed',
} as const;

/**
 * On a guide's page (issue 23): downloads the guide, its tips, map and photos at once, with its
 * progress, for reading without a network; then says so and offers to remove the copy. Shown
 * only where a service worker runs the page, from a first visit's first seconds while it still
 * installs (ADR 102).
 */
export function MakeAvailableOffline({ guide }: { guide: Guide }) {
  const status = useOfflineStatus();
  const isOnline = useIsOnline();
  const [progress, setProgress] = useState<Progress | null>(null);
  const make = useMakeGuideOffline(setProgress);
  const remove = useRemoveGuideOffline();
  if (!status.data || (!status.data.memberId && !status.data.isInstalling)) return null;
  const isKept = status.data.guides.includes(guide.id);

  if (make.isPending && progress) {
    const label = `Downloading ${progress.done} of ${progress.total}`;
    return (
      <div className="grid min-w-48 gap-1">
        <div
          role="progressbar"
          aria-label={OFFLINE_TEXTS.make}
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.done}
          aria-valuetext={`${progress.done} of ${progress.total}`}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary transition-[width]"
            style={{ width: `${progress.total ? (100 * progress.done) / progress.total : 0}%` }}
          />
        </div>
        <span className="text-xs text-muted-foreground">{label}</span>
      </div>
    );
  }

  if (isKept) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1.5 text-sm font-medium text-primary">
          <CheckCircle2 className="size-4" aria-hidden />
          {OFFLINE_TEXTS.available}
        </span>
        <Button
          variant="ghost"
          size="sm"
          disabled={remove.isPending}
          onClick={() => remove.mutate(guide.id, { onSuccess: () => notifySuccess(OFFLINE_TEXTS.removed) })}
        >
          {OFFLINE_TEXTS.remove}
        </Button>
      </div>
    );
  }

  return (
    <Button
      variant="outline"
      size="sm"
      disabled={!isOnline}
      onClick={() =>
        make.mutate(guide, {
          onSuccess: () => notifySuccess(OFFLINE_TEXTS.available, OFFLINE_TEXTS.done),
          onError: (error) => notifyFixedFailure(OFFLINE_TEXTS.failed, error),
          onSettled: () => setProgress(null),
        })
      }
    >
      <CloudOff aria-hidden />
      {OFFLINE_TEXTS.make}
    </Button>
  );
}
