/**
 * Photo uploads (docs/product.md#photos, ADR 041): every file is sniffed and re-encoded before anything is written;
 * the batch is then stored all or nothing, so a refused request leaves no file behind. Each photo
 * gets a card-sized thumbnail and a mid-size copy beside it (issue 7).
 */
import { LIMITS } from '@common/limits';
import type { PhotoVariant } from '@common/media-url';
import { GUIDE_TEXTS } from '@common/schemas/guide';
import { TIP_TEXTS } from '@common/schemas/tip';
import { BadRequestError } from '@server/lib/errors';
import { makeVariants, reencodeImage } from './image';
import { MEDIA_TEXTS } from './media.errors';
import type { MediaBucket, MediaStorage } from './media-storage';

/** Photos per upload request, and the message when a request sends more. */
export const UPLOAD_RULES = {
  'tip-photos': { maxFiles: LIMITS.tipPhotosMax, tooMany: TIP_TEXTS.tooManyPhotos },
  'guide-photos': { maxFiles: LIMITS.guidePhotosOnCreateMax, tooMany: GUIDE_TEXTS.tooManyPhotos },
} as const satisfies Partial<Record<MediaBucket, { maxFiles: number; tooMany: string }>>;
export type UploadBucket = keyof typeof UPLOAD_RULES;

export function createMediaService(storage: MediaStorage) {
  /** Re-encodes each photo as it arrives, then stores them; returns their URLs in order. */
  async function upload(bucket: UploadBucket, userId: string, photos: AsyncIterable<Buffer>): Promise<string[]> {
    const rule = UPLOAD_RULES[bucket];
    const encoded: Buffer[] = [];
    const variants: Record<PhotoVariant, Buffer>[] = [];
    for await (const photo of photos) {
      if (encoded.length >= rule.maxFiles) throw new BadRequestError(rule.tooMany);
      const image = await reencodeImage(photo);
      encoded.push(image);
      variants.push(await makeVariants(image));
    }
    if (encoded.length === 0) throw new BadRequestError(MEDIA_TEXTS.noPhotos);
    return storage.save(bucket, userId, encoded, variants);
  }

  return { upload, storage };
}

export type MediaService = ReturnType<typeof createMediaService>;
