/**
 * What the photo bench reads: one camera-sized photo uploaded as the admin (the server stores it
 * as WebP with a thumbnail and a mid-size copy) and a public tip that shows it.
 */
import { thumbnailUrl } from '@common/media-url';
import { callApi } from '../web/server';
import { photoJpeg, uploadPhotos } from '../web/seed-content';

/** Noise that makes the stored original ~410 KB of WebP: a phone photo at 2048 px, not a worst case. */
const PHOTO_NOISE = 24;

export interface PhotoTip {
  tipId: string;
  photoUrl: string;
  thumbUrl: string;
}

export async function createPhotoTip(base: string, cookie: string): Promise<PhotoTip> {
  const [photoUrl] = await uploadPhotos(base, cookie, [await photoJpeg(1, PHOTO_NOISE)]);
  if (!photoUrl) throw new Error('photo upload: no URL returned');
  const tip = await callApi<{ id: string }>(base, 'POST', '/api/tips', {
    cookie,
    expected: 201,
    body: {
      title: 'Lisbon: the tram stop with the view',
      country: 'Portugal',
      city: 'Lisbon',
      placeName: 'Miradouro de Santa Luzia',
      rating: 5,
      description: 'Take the 28 early and get off one stop before the crowds; the view is the same.',
      photoUrls: [photoUrl],
      tags: ['views'],
      visibility: 'public',
    },
  });
  return { tipId: tip.body.id, photoUrl, thumbUrl: thumbnailUrl(photoUrl) };
}

/** One signed-in GET: the body's size, so the table can say what a response carries. */
export async function bodyBytes(url: string, cookie: string): Promise<number> {
  // Identity, as autocannon asks: the bytes each measured response carried.
  const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return body.byteLength;
}
