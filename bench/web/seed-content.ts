/**
 * Content for the Lighthouse pages, made through the API as the admin: one tip with five large
 * photos (the tip page) and enough tips for explore to fill more than a screen, half with a photo.
 */
import sharp from 'sharp';
import { callApi } from './server';

const EXPLORE_TIPS = 48;
const PLACES = [
  ['Portugal', 'Lisbon'],
  ['Japan', 'Kyoto'],
  ['Sweden', 'Stockholm'],
  ['Mexico', 'Oaxaca'],
  ['Italy', 'Naples'],
  ['Morocco', 'Fes'],
] as const;

/**
 * A camera-sized JPEG (2000x1500): a gradient with noise, so it compresses like a photo. The
 * default noise makes a ~890 KB WebP original; 24 makes ~410 KB, a phone photo's size.
 */
export async function photoJpeg(seed: number, noiseLevel = 48): Promise<Buffer> {
  const width = 2000;
  const height = 1500;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const noise = (state >>> 24) % noiseLevel;
      const i = (y * width + x) * 3;
      raw[i] = Math.min(255, (((x * 255) / width + seed * 40) % 256) + noise / 2);
      raw[i + 1] = Math.min(255, (y * 200) / height + noise);
      raw[i + 2] = Math.min(255, 120 + ((x + y) % 97) + noise / 3);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function multipart(files: readonly Buffer[]) {
  const boundary = `----waymarkbench${Date.now().toString(16)}`;
  const parts = files.flatMap((data, i) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="photo-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    data,
    Buffer.from('\r\n'),
  ]);
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function uploadPhotos(base: string, cookie: string, files: readonly Buffer[]): Promise<string[]> {
  const { body, contentType } = multipart(files);
  const res = await fetch(`${base}/api/uploads/tip-photos`, {
    method: 'POST',
    headers: { cookie, 'x-waymark-csrf': '1', 'content-type': contentType },
    body,
  });
  if (res.status !== 201) throw new Error(`photo upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { urls: string[] }).urls;
}

async function createTip(base: string, cookie: string, n: number, photoUrls: string[]): Promise<string> {
  const [country, city] = PLACES[n % PLACES.length]!;
  const res = await callApi<{ id: string }>(base, 'POST', '/api/tips', {
    cookie,
    expected: 201,
    body: {
      title: `${city} tip ${n}: the morning market before the crowds`,
      country,
      city,
      placeName: `Mercado ${n}`,
      rating: 1 + (n % 5),
      description:
        'Go early, bring cash, and try whatever the longest queue is for. The stalls at the back are the locals\u2019 favourites.',
      detailedContent: 'Longer notes about getting there, opening hours and what to order.\n\n'.repeat(4),
      photoUrls,
      tags: ['food', 'markets'],
      isPrivate: false,
    },
  });
  return res.body.id;
}

/** Returns the id of the tip with photos. */
export async function seedContent(base: string, cookie: string): Promise<{ photoTipId: string }> {
  const photos = await Promise.all([1, 2, 3, 4, 5].map(photoJpeg));
  for (let n = 0; n < EXPLORE_TIPS; n++) {
    const urls = n % 2 === 0 ? await uploadPhotos(base, cookie, [photos[n % photos.length]!]) : [];
    await createTip(base, cookie, n, urls);
  }
  // Newest, so it also heads the explore list.
  const photoTipId = await createTip(base, cookie, EXPLORE_TIPS, await uploadPhotos(base, cookie, photos));
  return { photoTipId };
}
