import { notifyError } from '@/lib/notify';

export const UPLOAD_ERROR_TITLE = 'Upload Error';
export const UPLOAD_FAILED = 'Failed to upload photos. Please try again.';

/**
 * Uploads the photos a form added (none: no request). On failure it shows the quoted (docs/product.md#texts-word-for-word)
 * 'Upload Error' toast and answers null: the submission stops there.
 */
export async function uploadNewPhotos(files: File[], upload: (files: File[]) => Promise<string[]>): Promise<string[] | null> {
  if (files.length === 0) return [];
  try {
    return await upload(files);
  } catch {
    notifyError(UPLOAD_FAILED, UPLOAD_ERROR_TITLE);
    return null;
  }
}
