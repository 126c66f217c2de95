import { useEffect } from 'react';
import { TEXTS } from '@common/texts';
import { ApiError } from './api-client';
import { FAILURE_TEXTS, failureKindOf } from './network-error';
import { loadToast } from './toaster';

/** Shows a toast once sonner has loaded (lib/toaster.ts); one that cannot load is not shown. */
function showToast(show: (toast: Awaited<ReturnType<typeof loadToast>>) => void) {
  loadToast().then(show, () => undefined);
}

/** docs/product.md#texts-word-for-word: error toasts are destructive and titled 'Error' unless a title is quoted. */
export function notifyError(description: string, title: string = TEXTS.errorTitle) {
  showToast((toast) => toast.error(title, { description }));
}

export function notifySuccess(title: string, description?: string) {
  showToast((toast) => toast.success(title, { description }));
}

/**
 * The fixed failure texts (docs/product.md#texts-word-for-word) ('Failed to update tip', 'Failed to delete tip', tips' 'Failed to
 * update save status'...): the text is the toast's title whatever happened, and why goes below
 * it: the server's own message for a request it refused (a 4xx, e.g. a field that is not valid),
 * or that Waymark cannot be reached. A 5xx says nothing more useful than the title (issue 19).
 */
export function fixedFailureToast(text: string, error: unknown): { title: string; description?: string } {
  const kind = failureKindOf(error);
  if (kind === 'offline') return { title: text, description: TEXTS.offlineNotSent };
  if (kind === 'unreachable') return { title: text, description: FAILURE_TEXTS[kind].title };
  const isRefusal = error instanceof ApiError && error.status >= 400 && error.status < 500;
  // No code: the answer was not our error body (a proxy page), so there is no reason to give.
  const reason = isRefusal && error.code !== undefined && error.message !== text ? error.message : undefined;
  return { title: text, description: reason };
}

export function notifyFixedFailure(text: string, error: unknown) {
  const { title, description } = fixedFailureToast(text, error);
  showToast((toast) => toast.error(title, { description }));
}

/** docs/product.md#texts-word-for-word: a failed load shows one destructive toast (not one per retry or re-render). */
export function useErrorToast(isError: boolean, description: string) {
  useEffect(() => {
    if (isError) showToast((toast) => toast.error(TEXTS.errorTitle, { id: description, description }));
  }, [isError, description]);
}
