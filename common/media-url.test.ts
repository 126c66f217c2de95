import { describe, expect, it } from 'vitest';
import { originalOfThumbnail, thumbnailName, thumbnailUrl } from './media-url';

const user = '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('thumbnailUrl', () => {
  it('names the thumbnail beside a tip or guide photo', () => {
    expect(thumbnailUrl(`/api/media/tip-photos/${user}/1700000000000-0-abcdef012345.webp`)).toBe(
      `/api/media/tip-photos/${user}/1700000000000-0-abcdef012345.thumb.webp`,
    );
    expect(thumbnailUrl(`/api/media/guide-photos/${user}/1-2-aaaaaaaaaaaa.webp`)).toBe(`/api/media/guide-photos/${user}/1-2-aaaaaaaaaaaa.thumb.webp`);
  });

  it('leaves thumbnails, avatars and anything else as they are', () => {
    for (const url of [
      `/api/media/tip-photos/${user}/1-0-abcdef012345.thumb.webp`,
      `/api/media/avatars/${user}/1-0-abcdef012345.webp`,
      'https://example.com/photo.webp',
      `/api/media/tip-photos/${user}/x.png`,
      `/api/media/tip-photos/${user}/sub/x.webp`,
      '',
    ]) {
      expect(thumbnailUrl(url)).toBe(url);
    }
  });
});

describe('thumbnail file names', () => {
  it('round-trips between a photo and its thumbnail', () => {
    expect(thumbnailName('1-0-abc.webp')).toBe('1-0-abc.thumb.webp');
    expect(thumbnailName('1-0-abc.thumb.webp')).toBe('1-0-abc.thumb.webp');
    expect(originalOfThumbnail('1-0-abc.thumb.webp')).toBe('1-0-abc.webp');
    expect(originalOfThumbnail('1-0-abc.webp')).toBeNull();
  });
});
