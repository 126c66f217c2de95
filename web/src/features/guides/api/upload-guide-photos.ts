import { useMutation } from '@tanstack/react-query';
import { LIMITS } from '@common/limits';
import { api } from '@/lib/api-client';

type UploadResult = { urls: string[] };

/** POST /api/uploads/guide-photos takes at most 10 files a request; larger sets go in batches. */
export async function uploadGuidePhotos(files: readonly File[]): Promise<string[]> {
  const urls: string[] = [];
  for (let start = 0; start < files.length; start += LIMITS.guidePhotosOnCreateMax) {
    const form = new FormData();
    for (const file of files.slice(start, start + LIMITS.guidePhotosOnCreateMax)) form.append('photos', file);
    const result = await api.upload<UploadResult>('/api/uploads/guide-photos', form);
    urls.push(...result.urls);
  }
  return urls;
}

export function useUploadGuidePhotos() {
  return useMutation({ mutationFn: uploadGuidePhotos });
}
