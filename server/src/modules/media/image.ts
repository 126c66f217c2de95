/**
 * Checks an upload by its content, never its name or MIME header, and re-encodes it (DECISIONS
 * A4): EXIF orientation applied, longest side at most 2048 px, WebP. sharp writes no metadata
 * unless asked (withMetadata is never called), so EXIF, GPS and XMP are dropped.
 */
import sharp from 'sharp';
import { UnsupportedMediaTypeError } from './media.errors';

/** sharp's `format` for the accepted inputs; `heif` covers both AVIF and HEIC. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
export const MAX_IMAGE_SIDE = 2048;
/** About 100 megapixels: bounds the memory a single decode may take. */
const MAX_INPUT_PIXELS = 100_000_000;

/** `maxSide` caps the longest side (avatars use a smaller cap than photos). */
export async function reencodeImage(input: Buffer, maxSide: number = MAX_IMAGE_SIDE): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new UnsupportedMediaTypeError();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnsupportedMediaTypeError();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Recognised header but an undecodable body (truncated, corrupt, or a codec sharp lacks).
    throw new UnsupportedMediaTypeError();
  }
}
