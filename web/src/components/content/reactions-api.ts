import { useMutation } from '@tanstack/react-query';
import type { ContentRef, LikeResult, SaveResult } from '@common/schemas/content';
import { api } from '@/lib/api-client';
import { keepOffline } from '@/sw/client';
import { savedItemUrl } from '@/sw/policy';

/** POST /api/likes/toggle: the server flips the like and answers the new state and count (docs/product.md#likes-and-saves). */
export function toggleLike(ref: ContentRef) {
  return api.post<LikeResult>('/api/likes/toggle', ref);
}

export function useToggleLike() {
  return useMutation({ mutationFn: toggleLike });
}

/** POST /api/saves/toggle */
export function toggleSave(ref: ContentRef) {
  return api.post<SaveResult>('/api/saves/toggle', ref);
}

export function useToggleSave() {
  // Saved content is kept offline with its photos; unsaved, no longer (ADRs 071, 102).
  return useMutation({ mutationFn: toggleSave, onSuccess: (_result, ref) => keepOffline(savedItemUrl(ref)) });
}
