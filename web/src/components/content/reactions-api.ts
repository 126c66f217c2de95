import { useMutation } from '@tanstack/react-query';
import type { ContentRef, LikeResult, SaveResult } from '@common/schemas/content';
import { api } from '@/lib/api-client';

/** POST /api/likes/toggle: the server flips the like and answers the new state and count (D8). */
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
  return useMutation({ mutationFn: toggleSave });
}
