import { describe, expect, it } from 'vitest';
import { guideAnswerUrls, guidePhotoUrls } from './guide-downloads';

const tipItem = (id: string) => ({ tip: { id } });
const custom = { tip: null };

describe("a guide's offline downloads", () => {
  it('are the guide, its map and each tip the viewer may see, once each', () => {
    const guide = { id: 'g1', items: [tipItem('t1'), custom, tipItem('t2'), tipItem('t1')] };
    expect(guideAnswerUrls(guide as never)).toEqual(['/api/guides/g1', '/api/guides/g1/map', '/api/tips/t1', '/api/tips/t2']);
  });

  it("then the guide's cover in full size and every thumbnail", () => {
    const guide = { photoUrls: ['/api/media/guide-photos/u/c.webp', '/api/media/guide-photos/u/d.webp'] };
    const tips = [{ photoUrls: ['/api/media/tip-photos/u/t.webp'] }, { photoUrls: [] }, {}];
    expect(guidePhotoUrls(guide, tips)).toEqual([
      '/api/media/guide-photos/u/c.webp',
      '/api/media/guide-photos/u/c.thumb.webp',
      '/api/media/guide-photos/u/d.thumb.webp',
      '/api/media/tip-photos/u/t.thumb.webp',
    ]);
  });
});
