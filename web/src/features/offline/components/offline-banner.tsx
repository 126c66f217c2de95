import { WifiOff } from 'lucide-react';
import { useIsOnline } from '@/lib/use-is-online';

export const OFFLINE_BANNER_TEXT = "You're offline";
export const OFFLINE_BANNER_DETAIL =
  "You're seeing what this device saved. Likes, saves and posts can't be sent until you're back online.";

/**
 * Above every member screen (issue 23): says when the browser has no network. The live region is
 * always there, so a screen reader hears it when the connection goes.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  return (
    <div role="status" className={isOnline ? 'sr-only' : 'mb-6'}>
      {isOnline ? null : (
        <div className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          <WifiOff className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="text-sm">
            <span className="font-semibold">{OFFLINE_BANNER_TEXT}.</span> {OFFLINE_BANNER_DETAIL}
          </p>
        </div>
      )}
    </div>
  );
}
