import { describe, expect, it } from 'vitest';
import { firstPaintScript, imagePreloadLink } from './first-paint';

const PHOTO = '/api/media/guide-photos/u1/p1.webp';

describe('imagePreloadLink', () => {
  it('preloads the copy the <img> will pick: its srcset and sizes, escaped', () => {
    expect(imagePreloadLink({ href: PHOTO, srcset: `${PHOTO} 2048w`, sizes: '(min-width: 1px) "x"' })).toBe(
      `<link rel="preload" as="image" href="${PHOTO}" imagesrcset="${PHOTO} 2048w" imagesizes="(min-width: 1px) &quot;x&quot;" fetchpriority="high" />`,
    );
    expect(imagePreloadLink({ href: PHOTO })).toBe(`<link rel="preload" as="image" href="${PHOTO}" fetchpriority="high" />`);
  });
});

describe('firstPaintScript', () => {
  it('writes the answers as JSON that no value can end early', () => {
    const answers = { '/api/guides/g1': { photoUrls: [PHOTO], title: 'a "quoted" </script> title' } };
    const script = firstPaintScript(answers);
    expect(script).toMatch(/^<script type="application\/json" id="waymark-first-paint">/);
    expect(script).not.toContain('</script> title');
    expect(JSON.parse(/<script[^>]*>(.*)<\/script>$/.exec(script)![1]!)).toEqual(answers);
  });
});
