import { CloudOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notifySuccess } from '@/lib/notify';
import { useClearOfflineData } from '../api/guide-offline';
import { useOfflineStatus } from '../api/offline-status';

/** Bytes as "840 KB" or "3.2 MB" (1 MB = 1024 KB = 1024 x 1024 bytes, as the budget is written). */
export function formatStorage(bytes: number): string {
  if (bytes > 0 && bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 && mb > 0 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/**
 * On the own profile (issue 23, ADR 072): how much of the offline budget this device uses for
 * the member, and a button to clear it. Not shown where no service worker runs.
 */
export function OfflineStorageCard() {
  const status = useOfflineStatus();
  const clear = useClearOfflineData();
  if (!status.data?.memberId) return null;
  const { usedBytes, budgetBytes, guides } = status.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <CloudOff className="size-4" aria-hidden />
          Offline storage
        </CardTitle>
        <CardDescription>
          What you saved, wrote or made available offline reads without a network on this device. When the space is full, the
          oldest of the rest goes first.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          Offline storage: {formatStorage(usedBytes)} of {formatStorage(budgetBytes)}
          {guides.length > 0 ? ` (${guides.length} ${guides.length === 1 ? 'guide' : 'guides'} available offline)` : ''}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={clear.isPending || usedBytes === 0}
          onClick={() => clear.mutate(undefined, { onSuccess: () => notifySuccess('Offline data cleared') })}
        >
          Clear offline data
        </Button>
      </CardContent>
    </Card>
  );
}
