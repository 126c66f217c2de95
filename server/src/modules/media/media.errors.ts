/** Upload refusals with their own status codes (docs/product.md#photos); the error handler sends them. */
import { AppError } from '@server/lib/errors';

export const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;
/**
 * 50 megapixels: above a 48 MP phone photo (8064 x 6048) and a 50 MP one (8160 x 6120), and it
 * bounds one decode to about 200 MB of RGBA.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export const MEDIA_TEXTS = {
  notAnImage: 'Upload Error: only JPEG, PNG, WebP, AVIF or HEIC images are accepted',
  emptyFile: 'Upload Error: the file is empty',
  tooManyPixels: `Upload Error: each photo must be at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
  tooLarge: `Upload Error: each photo must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
  notMultipart: 'Upload Error: send the photos as multipart/form-data in the field "photos"',
  noPhotos: 'Upload Error: no photo was sent',
  wrongField: 'Upload Error: send the photos in the field "photos"',
  brokenUpload: 'Upload Error: the upload was cut short or is not valid multipart data. Please try again.',
} as const;

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string = MEDIA_TEXTS.notAnImage) {
    super(415, message, 'unsupported_media_type');
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string = MEDIA_TEXTS.tooLarge) {
    super(413, message, 'payload_too_large');
  }
}
