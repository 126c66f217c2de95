import { describe, expect, it } from 'vitest';
import { GUIDE_COVER_SIZES, PAGE_PHOTO_SIZES } from '@common/media-url';
import { firstPaintHead, largestPhoto } from './first-paint';

const PHOTO = '/api/media/guide-photos/u1/p1.webp';
const SRCSET =
  '/api/media/guide-photos/u1/p1.thumb.webp 480w, /api/media/guide-photos/u1/p1.mid.webp 1024w, /api/media/guide-photos/u1/p1.webp 2048w';

describe('largestPhoto', () => {
  it("is explore's first card's thumbnail, or nothing when that card has no photo", () => {
    expect(largestPhoto('/api/explore?limit=12', { items: [{ photoUrl: PHOTO }, { photoUrl: null }] })).toEqual({
      href: '/api/media/guide-photos/u1/p1.thumb.webp',
    });
    expect(largestPhoto('/api/explore?limit=12', { items: [{ photoUrl: null }, { photoUrl: PHOTO }] })).toBeUndefined();
    expect(largestPhoto('/api/explore?limit=12', { items: [] })).toBeUndefined();
  });

  it("is a tip's or a guide's cover with the srcset and sizes its <img> uses", () => {
    expect(largestPhoto('/api/tips/t1', { photoUrls: [PHOTO, 'x'] })).toEqual({
      href: PHOTO,
      srcset: SRCSET,
      sizes: PAGE_PHOTO_SIZES,
    });
    expect(largestPhoto('/api/guides/g1', { photoUrls: [PHOTO] })).toEqual({
      href: PHOTO,
      srcset: SRCSET,
      sizes: GUIDE_COVER_SIZES,
    });
    expect(largestPhoto('/api/guides/g1', { photoUrls: [] })).toBeUndefined();
    // A photo without copies (not an upload of ours) is preloaded as it is.
    expect(largestPhoto('/api/tips/t1', { photoUrls: ['/api/media/avatars/u1/a.webp'] })).toEqual({
      href: '/api/media/avatars/u1/a.webp',
    });
  });
});

describe('firstPaintHead', () => {
  it('writes the photo preloads and the responses; nothing for no responses', () => {
    const { photos, script } = firstPaintHead({ '/api/guides/g1': { photoUrls: [PHOTO], title: 'a "quoted" </script> title' } });
    expect(photos).toMatch(
      /^<link rel="preload" as="image" href="\/api\/media\/guide-photos\/u1\/p1\.webp" imagesrcset="[^"]+" imagesizes="[^"]+" fetchpriority="high" \/>$/,
    );
    expect(script).toMatch(/^<script type="application\/json" id="waymark-first-paint">/);
    expect(script).not.toContain('</script> title');
    expect(JSON.parse(/<script[^>]*>(.*)<\/script>$/.exec(script)![1]!)).toEqual({
      '/api/guides/g1': { photoUrls: [PHOTO], title: 'a "quoted" </script> title' },
    });
    expect(firstPaintHead({})).toEqual({ photos: '', script: '' });
  });
});
