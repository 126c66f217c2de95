import { describe, expect, it } from 'vitest';
import { isVariantName, midUrl, originalOfVariant, photoSrcSet, thumbnailUrl, variantName, variantNames } from './media-url';

const user = '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const tipPhoto = `/api/media/tip-photos/${user}/1700000000000-0-abcdef012345.webp`;
const notPhotos = [
  `/api/media/tip-photos/${user}/1-0-abcdef012345.thumb.webp`,
  `/api/media/tip-photos/${user}/1-0-abcdef012345.mid.webp`,
  `/api/media/avatars/${user}/1-0-abcdef012345.webp`,
  'https://example.com/photo.webp',
  `/api/media/tip-photos/${user}/x.png`,
  `/api/media/tip-photos/${user}/sub/x.webp`,
  '',
];

describe('variant URLs', () => {
  it('names the thumbnail and the mid-size copy beside a tip or guide photo', () => {
    expect(thumbnailUrl(tipPhoto)).toBe(`/api/media/tip-photos/${user}/1700000000000-0-abcdef012345.thumb.webp`);
    expect(midUrl(tipPhoto)).toBe(`/api/media/tip-photos/${user}/1700000000000-0-abcdef012345.mid.webp`);
    expect(thumbnailUrl(`/api/media/guide-photos/${user}/1-2-aaaaaaaaaaaa.webp`)).toBe(
      `/api/media/guide-photos/${user}/1-2-aaaaaaaaaaaa.thumb.webp`,
    );
    expect(midUrl(`/api/media/guide-photos/${user}/1-2-aaaaaaaaaaaa.webp`)).toBe(
      `/api/media/guide-photos/${user}/1-2-aaaaaaaaaaaa.mid.webp`,
    );
  });

  it('leaves variants, avatars and anything else as they are', () => {
    for (const url of notPhotos) {
      expect(thumbnailUrl(url)).toBe(url);
      expect(midUrl(url)).toBe(url);
    }
  });
});

describe('photoSrcSet', () => {
  it('lists thumbnail, mid-size copy and original with their longest sides', () => {
    const base = `/api/media/tip-photos/${user}/1700000000000-0-abcdef012345`;
    expect(photoSrcSet(tipPhoto)).toBe(`${base}.thumb.webp 480w, ${base}.mid.webp 1024w, ${base}.webp 2048w`);
    expect(photoSrcSet(tipPhoto, 'mid')).toBe(`${base}.thumb.webp 480w, ${base}.mid.webp 1024w`);
    expect(photoSrcSet(tipPhoto, 'thumb')).toBe(`${base}.thumb.webp 480w`);
  });

  it('is undefined for anything but an uploaded photo', () => {
    for (const url of notPhotos) expect(photoSrcSet(url)).toBeUndefined();
  });
});

describe('variant file names', () => {
  it('round-trips between a photo and its variants', () => {
    expect(variantName('1-0-abc.webp', 'thumb')).toBe('1-0-abc.thumb.webp');
    expect(variantName('1-0-abc.webp', 'mid')).toBe('1-0-abc.mid.webp');
    expect(variantName('1-0-abc.thumb.webp', 'thumb')).toBe('1-0-abc.thumb.webp');
    expect(variantName('1-0-abc.thumb.webp', 'mid')).toBe('1-0-abc.thumb.webp');
    expect(variantNames('1-0-abc.webp')).toEqual(['1-0-abc.thumb.webp', '1-0-abc.mid.webp']);
    expect(variantNames('1-0-abc.mid.webp')).toEqual([]);
    expect(originalOfVariant('1-0-abc.thumb.webp')).toBe('1-0-abc.webp');
    expect(originalOfVariant('1-0-abc.mid.webp')).toBe('1-0-abc.webp');
    expect(originalOfVariant('1-0-abc.webp')).toBeNull();
  });

  it('tells variants from photos', () => {
    expect(isVariantName('1-0-abc.thumb.webp')).toBe(true);
    expect(isVariantName('1-0-abc.mid.webp')).toBe(true);
    expect(isVariantName('1-0-abc.webp')).toBe(false);
    expect(isVariantName('1-0-mid.webp')).toBe(false);
  });
});

describe("a share link's photos (ADR 068)", () => {
  it('have variants under the link as members have them under /api/media', () => {
    const url = '/api/shared/guides/Abc_-123/photos/guide-photos/u1/p1.webp';
    expect(thumbnailUrl(url)).toBe('/api/shared/guides/Abc_-123/photos/guide-photos/u1/p1.thumb.webp');
    expect(midUrl(url)).toBe('/api/shared/guides/Abc_-123/photos/guide-photos/u1/p1.mid.webp');
    expect(photoSrcSet(url, 'mid')).toContain('p1.thumb.webp 480w');
    expect(thumbnailUrl('/api/shared/guides/x/other/guide-photos/u1/p1.webp')).toBe(
      '/api/shared/guides/x/other/guide-photos/u1/p1.webp',
    );
  });
});
