import { describe, expect, it } from 'vitest';
import type { SharedGuide } from '@common/schemas/share-link';
import { NotFoundError } from '../lib/errors';
import { createLinkPreview, withLinkPreview } from './link-preview';

const TOKEN = 'A'.repeat(43);
const guide: SharedGuide = {
  title: 'Tea & "trains" <Sri Lanka>',
  location: 'Kandy',
  countries: ['Sri Lanka'],
  description: null,
  daysCount: 1,
  tags: [],
  photoUrls: [],
  authorName: 'Ana',
  items: [
    {
      id: 'i1',
      dayNumber: 1,
      orderInDay: 1,
      tip: {
        title: 'Tea estate',
        city: 'Kandy',
        country: 'Sri Lanka',
        placeName: null,
        description: 'Green',
        photoUrls: [`/api/shared/guides/${TOKEN}/photos/tip-photos/u1/p1.webp`],
      },
      customTitle: null,
      customDescription: null,
      customPlaceName: null,
    },
  ],
};
const TEMPLATE =
  '<html><head><meta property="og:title" content="Waymark" /><meta property="og:site_name" content="Waymark" /><title>Waymark</title></head><body></body></html>';

describe('link previews (ADR 069)', () => {
  const preview = createLinkPreview({
    shareLinks: { sharedGuide: (token) => (token === TOKEN ? Promise.resolve(guide) : Promise.reject(new NotFoundError())) },
    publicUrl: 'https://waymark.example',
  });

  it("replaces the template's own tag and title, escaping the guide's text; a tip photo stands in for a cover", async () => {
    const found = await preview(`/shared/guides/${TOKEN}?utm=x`);
    expect(found).toBeDefined();
    const html = withLinkPreview(TEMPLATE, found!);
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:title" content="Tea &amp; &quot;trains&quot; &lt;Sri Lanka&gt;" />');
    expect(html).toContain('<title>Tea &amp; &quot;trains&quot; &lt;Sri Lanka&gt; · Waymark</title>');
    expect(html).toContain('<meta property="og:description" content="A 1 day travel guide: Kandy" />');
    expect(html).toContain(
      `<meta property="og:image" content="https://waymark.example/api/shared/guides/${TOKEN}/photos/tip-photos/u1/p1.mid.webp" />`,
    );
    expect(html).toContain(`<meta property="og:url" content="https://waymark.example/shared/guides/${TOKEN}" />`);
  });

  it('has nothing for a dead link (null: a 404 page) or any other page', async () => {
    expect(await preview(`/shared/guides/${'B'.repeat(43)}`)).toBeNull();
    expect(await preview('/shared/guides/short')).toBeNull();
    expect(await preview('/view-guide/123')).toBeUndefined();
  });
});
