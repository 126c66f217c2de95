import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Guide } from '@common/schemas/guide';
import { TEXTS } from '@common/texts';
import { ApiError } from '@/lib/api-client';
import { askWorker, keepGuideOffline } from '@/sw/client';
import { KEEP_FOR_GUIDE_HEADER } from '@/sw/policy';
import { guideAnswerUrls, guidePhotoUrls } from '@/sw/guide-downloads';
import { OFFLINE_STATUS_KEY } from './offline-status';

export type Progress = { done: number; total: number };

/** One download through the service worker, marked as the guide's; refused answers fail the whole. */
async function download(url: string, guideId: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { [KEEP_FOR_GUIDE_HEADER]: guideId } });
  } catch {
    throw navigator.onLine
      ? new ApiError(0, TEXTS.genericFailure, { code: 'network_failure' })
      : new ApiError(0, TEXTS.offlineNotSent, { code: 'offline' });
  }
  if (!response.ok) throw new ApiError(response.status, TEXTS.genericFailure);
  return response;
}

/**
 * "Make available offline": downloads the guide's answers, then its photos, telling `onProgress`
 * after each; the service worker stores each one marked as this guide's, and once all are in,
 * the guide is marked kept (ADR 071). On a first visit the worker may still be installing and see
 * none of them go by: it is asked through the outbox, waited for, and fetches what it did not
 * store (ADR 102). Done only once the worker says the guide is kept.
 */
export async function makeGuideOffline(guide: Guide, onProgress: (progress: Progress) => void): Promise<void> {
  if (!navigator.onLine) throw new ApiError(0, TEXTS.offlineNotSent, { code: 'offline' });
  // Asked for a trip: the browser then keeps the origin's storage under disk pressure (Chromium
  // grants it to an installed or often used site without a prompt; a refusal changes nothing).
  void navigator.storage?.persist?.().catch(() => false);
  const answers = guideAnswerUrls(guide);
  let done = 0;
  let total = answers.length;
  onProgress({ done, total });
  const tips: { photoUrls?: unknown }[] = [];
  for (const url of answers) {
    const response = await download(url, guide.id);
    if (url.startsWith('/api/tips/')) tips.push((await response.json()) as { photoUrls?: unknown });
    else await response.body?.cancel();
    onProgress({ done: ++done, total });
  }
  const photos = guidePhotoUrls(guide, tips);
  total += photos.length;
  onProgress({ done, total });
  for (const url of photos) {
    await (await download(url, guide.id)).arrayBuffer();
    onProgress({ done: ++done, total });
  }
  const status = await keepGuideOffline(guide.id);
  if (!status?.guides.includes(guide.id)) throw new ApiError(0, TEXTS.genericFailure);
}

export function useMakeGuideOffline(onProgress: (progress: Progress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guide: Guide) => makeGuideOffline(guide, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OFFLINE_STATUS_KEY }),
  });
}

export function useRemoveGuideOffline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guideId: string) => askWorker({ type: 'drop-guide', guideId }),
    networkMode: 'always',
    onSuccess: (status) => queryClient.setQueryData(OFFLINE_STATUS_KEY, status ?? null),
  });
}

export function useClearOfflineData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => askWorker({ type: 'clear' }),
    networkMode: 'always',
    onSuccess: (status) => queryClient.setQueryData(OFFLINE_STATUS_KEY, status ?? null),
  });
}
