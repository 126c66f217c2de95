/** Test helpers for uploads: images made with sharp and multipart bodies for app.inject. */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from '@server-test/test-app';

export interface FilePart {
  data: Buffer;
  filename?: string;
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body and its content-type header. */
export function multipart(parts: readonly FilePart[]) {
  const boundary = `----waymark${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'photos'}"; filename="${p.filename ?? 'photo.jpg'}"\r\n` +
          `Content-Type: ${p.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small JPEG carrying EXIF: a copyright, GPS coordinates and orientation 6 (rotate 90°). */
export function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#f00' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'waymark-test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2412/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4020/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function pngImage(width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#0a0' } })
    .png()
    .toBuffer();
}

/** Uploads the buffers as `cookie`; returns the response. */
export function upload(t: TestApp, cookie: string, bucket: string, parts: readonly FilePart[]) {
  const { body, headers } = multipart(parts);
  return t.call('POST', `/api/uploads/${bucket}`, { cookie, body, headers });
}

/** Uploads `count` small PNGs to tip-photos and returns their URLs. */
export async function uploadTipPhotos(t: TestApp, cookie: string, count = 1): Promise<string[]> {
  const png = await pngImage();
  const res = await upload(
    t,
    cookie,
    'tip-photos',
    Array.from({ length: count }, () => ({ data: png, filename: 'a.png', contentType: 'image/png' })),
  );
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ urls: string[] }>().urls;
}
