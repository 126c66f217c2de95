import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type UploadResult = { urls: string[] };

/** POST /api/uploads/tip-photos: multipart, files in field `photos` (at most 5, as is a tip). */
export async function uploadTipPhotos(files: readonly File[]): Promise<string[]> {
  if (files.length === 0) return [];
  const form = new FormData();
  for (const file of files) form.append('photos', file);
  const result = await api.upload<UploadResult>('/api/uploads/tip-photos', form);
  return result.urls;
}

export function useUploadTipPhotos() {
  return useMutation({ mutationFn: uploadTipPhotos });
}
