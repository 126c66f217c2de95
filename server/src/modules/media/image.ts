/**
 * Checks an upload by its content, never its name or MIME header, and re-encodes it (docs/product.md#photos):
 * EXIF orientation applied, longest side at most 2048 px, WebP. sharp writes no metadata
 * unless asked (withMetadata is never called), so EXIF, GPS, XMP, comments and anything appended
 * after the image data are dropped: a polyglot upload comes out as a plain WebP.
 */
import sharp, { type Metadata } from 'sharp';
import { MID_MAX_SIDE, ORIGINAL_MAX_SIDE, type PhotoVariant, THUMBNAIL_MAX_SIDE } from '@common/media-url';
import { MAX_INPUT_PIXELS, MEDIA_TEXTS, UnsupportedMediaTypeError } from './media.errors';

/** sharp's `format` for the accepted inputs; `heif` covers both AVIF and HEIC. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
export const MAX_IMAGE_SIDE = ORIGINAL_MAX_SIDE;

/**
 * The leading bytes of the accepted formats. Anything else (SVG, GIF, TIFF, PDF, HTML) is refused
 * before it reaches a decoder, so e.g. librsvg never parses an upload.
 */
function hasAcceptedSignature(input: Buffer): boolean {
  const ascii = (start: number, end: number) => input.toString('latin1', start, end);
  if (input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return true; // JPEG
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return true;
  return ascii(4, 8) === 'ftyp'; // ISO BMFF: AVIF or HEIC, confirmed by sharp below
}

/** `maxSide` caps the longest side (avatars use a smaller cap than photos). */
export async function reencodeImage(input: Buffer, maxSide: number = MAX_IMAGE_SIDE): Promise<Buffer> {
  if (input.length === 0) throw new UnsupportedMediaTypeError(MEDIA_TEXTS.emptyFile);
  if (!hasAcceptedSignature(input)) throw new UnsupportedMediaTypeError();
  let meta: Metadata;
  try {
    // Header only. A small file declaring more than MAX_INPUT_PIXELS (a decompression bomb) is
    // refused here with its own message, before any pixel is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedMediaTypeError();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new UnsupportedMediaTypeError();
  if (!meta.width || !meta.height) throw new UnsupportedMediaTypeError();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new UnsupportedMediaTypeError(MEDIA_TEXTS.tooManyPixels);
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

/**
 * The smaller copies of a photo already re-encoded by reencodeImage (so it is trusted, upright
 * and at most 2048 px), never enlarged: the thumbnail for cards and the photo grid (~400 CSS px),
 * the mid-size copy for a phone's full-width photo. Lower WebP qualities than the original's,
 * since each is shown at about its own size.
 */
const VARIANTS: Record<PhotoVariant, { maxSide: number; quality: number }> = {
  thumb: { maxSide: THUMBNAIL_MAX_SIDE, quality: 70 },
  mid: { maxSide: MID_MAX_SIDE, quality: 75 },
};

function makeVariant(reencoded: Buffer, variant: PhotoVariant): Promise<Buffer> {
  const { maxSide, quality } = VARIANTS[variant];
  return sharp(reencoded).resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer();
}

export async function makeVariants(reencoded: Buffer): Promise<Record<PhotoVariant, Buffer>> {
  const [thumb, mid] = await Promise.all([makeVariant(reencoded, 'thumb'), makeVariant(reencoded, 'mid')]);
  return { thumb, mid };
}
