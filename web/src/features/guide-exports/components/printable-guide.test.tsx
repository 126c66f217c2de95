import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Guide, GuideItem } from '@common/schemas/guide';
import type { GuideMap } from '@common/schemas/map';
import { TEXTS } from '@common/texts';
import { PrintableGuide } from './printable-guide';

const item = (id: string, dayNumber: number, orderInDay: number, fields: Partial<GuideItem>): GuideItem => ({
  id,
  dayNumber,
  orderInDay,
  tip: null,
  customTitle: null,
  customDescription: null,
  customPlaceName: null,
  ...fields,
});

const secretTip = {
  id: 't1',
  title: 'Qorvath bar',
  city: 'Lisbon',
  country: 'Portugal',
  placeName: 'Zimbrel lane',
  description: 'Hush',
};

/** Alice's guide as the server sends it: for Bob her private tip is a placeholder (ADR 008). */
function guideFor(viewer: 'owner' | 'other'): Guide {
  return {
    kind: 'guide',
    id: 'g1',
    author: { id: 'u1', name: 'Alice', username: null, profilePictureUrl: null },
    title: 'Lisbon days',
    location: 'Lisbon',
    countries: ['Portugal'],
    description: null,
    daysCount: 3,
    photoUrl: null,
    tags: [],
    isPrivate: false,
    visibility: 'public',
    hidden: false,
    likesCount: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    photoUrls: [],
    items: [
      item('i2', 1, 2, { customTitle: 'Lunch', customPlaceName: 'Porto' }),
      item('i1', 1, 1, viewer === 'owner' ? { tip: secretTip } : {}),
      item('i3', 2, 1, { customTitle: 'Ferry' }),
    ],
    viewer: { isOwner: viewer === 'owner', hasLiked: false, hasSaved: false },
  };
}

const map: GuideMap = {
  days: [
    {
      dayNumber: 1,
      stops: [
        {
          itemId: 'i2',
          number: 1,
          title: 'Lunch',
          tipId: null,
          latitude: 41.14961,
          longitude: -8.61099,
          precision: 'city',
          mapsUrl: null,
        },
      ],
      unplaced: 0,
    },
  ],
};

const render = (guide: Guide) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PrintableGuide guide={guide} guideMap={map} pageUrl="https://waymark.test/view-guide/g1" />
    </MemoryRouter>,
  );

describe('PrintableGuide', () => {
  it("leaves another member's private tip out, with no placeholder and no gap in the numbers", () => {
    const html = render(guideFor('other'));
    expect(html).not.toMatch(/Qorvath|Zimbrel|Hush/);
    expect(html).not.toContain(TEXTS.hiddenTipInGuide);
    expect(html).toContain('1. Lunch');
    expect(html).toContain('https://www.openstreetmap.org/?mlat=41.14961&amp;mlon=-8.61099#map=12/41.14961/-8.61099');
    expect(html).toContain('No activities planned for this day');
  });

  it('prints the owner her own private tip, in itinerary order', () => {
    const html = render(guideFor('owner'));
    expect(html.indexOf('1. Qorvath bar')).toBeGreaterThan(-1);
    expect(html.indexOf('Qorvath bar')).toBeLessThan(html.indexOf('Lunch'));
    expect(html).toContain('Zimbrel lane, Lisbon, Portugal');
  });
});
