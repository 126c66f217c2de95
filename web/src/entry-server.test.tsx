import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@common/schemas/auth';
import type { Tip } from '@common/schemas/tip';
import { renderPage } from './entry-server';

const me: CurrentUser = {
  id: 'u1',
  email: 'ann@example.com',
  role: 'user',
  name: 'Ann Lee',
  username: null,
  profilePictureUrl: null,
  isTwoFactorEnabled: false,
  isTwoFactorRequired: false,
};

const tip = (id: string, title: string): Tip => ({
  kind: 'tip',
  id,
  author: { id: 'u2', name: 'Bo Berg', username: null, profilePictureUrl: null },
  title,
  tipTypeName: 'Food',
  country: 'Portugal',
  city: 'Porto',
  placeName: null,
  rating: 4,
  description: 'Walk down at dusk.',
  photoUrl: `/api/media/tip-photos/u2/${id}.webp`,
  tags: ['harbour'],
  isPrivate: false,
  visibility: 'public',
  hidden: false,
  likesCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  tipTypeId: 't1',
  googleMapsUrl: null,
  experienceDate: '2026-10-30',
  valueSpent: 12,
  currency: 'EUR',
  detailedContent: null,
  photoUrls: [`/api/media/tip-photos/u2/${id}.webp`],
  location: null,
  viewer: { isOwner: false, hasLiked: false, hasSaved: true },
});

// The table of drawn pages plans a tip's page by a real id only.
const T1 = '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a51';
const T2 = '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a52';
const T9 = '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a59';

describe('renderPage (the server-drawn page, ADR 022)', () => {
  it("draws a tip's page inside the member shell from the responses alone", async () => {
    const html = await renderPage(`/view-tip/${T1}`, { '/api/auth/me': me, [`/api/tips/${T1}`]: tip(T1, 'Harbour light') });
    expect(html).toMatch(/<h1[^>]*>Harbour light<\/h1>/);
    expect(html).toContain('Walk down at dusk.');
    expect(html).toContain('October 30, 2026');
    expect(html).toMatch(/<span[^>]*data-testid="header-user-name"[^>]*>Ann Lee<\/span>/);
    // The cover as the browser's own render writes it, smaller copies named before the original.
    expect(html).toMatch(
      new RegExp(
        `<img sizes="[^"]+" srcSet="[^"]*/${T1}\\.mid\\.webp 1024w[^"]*" src="/api/media/tip-photos/u2/${T1}\\.webp"[^>]*fetchPriority="high"`,
      ),
    );
    // The viewer's own state: a saved tip's button says so.
    expect(html).toMatch(/<button[^>]*aria-pressed="true"[^>]*>.*?Saved/);
    // The author, linking to their profile's URL (issue 21, ADR 046): by id when they have no username.
    const author = html?.match(/<a[^>]*data-testid="author-link"[^>]*>/)?.[0];
    expect(author).toContain('href="/members/u2"');
    expect(html).toMatch(/by <span[^>]*>Bo Berg<\/span>/);
  });

  it('keeps nothing from one page to the next: each draws from its own responses', async () => {
    await renderPage(`/view-tip/${T1}`, { '/api/auth/me': me, [`/api/tips/${T1}`]: tip(T1, 'Harbour light') });
    const other = await renderPage(`/view-tip/${T2}`, {
      '/api/auth/me': { ...me, id: 'u3', name: 'Cy Dunn' },
      [`/api/tips/${T2}`]: tip(T2, 'Tram 28'),
    });
    expect(other).toContain('Tram 28');
    expect(other).toContain('Cy Dunn');
    expect(other).not.toContain('Harbour light');
    expect(other).not.toContain('Ann Lee');
  });

  it("draws explore as it opens: its first screen's cards in a plain grid, the first row eager, and a way to the next page", async () => {
    const page = { items: Array.from({ length: 12 }, (_, i) => tip(`t${i + 1}`, `Tip ${i + 1}`)), nextCursor: 'next' };
    const html = await renderPage('/explore', { '/api/auth/me': me, '/api/explore?limit=12': page });
    expect(html).toMatch(/<h1[^>]*>Explore<\/h1>/);
    // No window to measure on the server: the first 6 cards of the 12, in the CSS grid of the breakpoints.
    // The same one grid the browser keeps when it takes the page over (ADR 100).
    expect(html).toMatch(
      /<div role="list" aria-label="Content" class="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3 [^"]*">/,
    );
    expect(html?.match(/role="listitem"/g)).toHaveLength(6);
    expect(html).toContain('href="/view-tip/t6"');
    expect(html).not.toContain('href="/view-tip/t7"');
    expect(html).toMatch(/<img src="\/api\/media\/tip-photos\/u2\/t1\.thumb\.webp"[^>]*loading="eager" fetchPriority="high"/);
    expect(html).toContain('Load more');
    expect(html).toMatch(/<button[^>]*role="combobox"[^>]*aria-label="Country".*?All Countries/);
  });

  it("draws the sign-in page for a visitor, its button disabled until the browser's script runs (ADR 024)", async () => {
    const html = await renderPage('/', { '/api/auth/me': null });
    expect(html).toMatch(/<h1[^>]*>Welcome to Waymark<\/h1>/);
    expect(html).toMatch(/<input[^>]*id="email"[^>]*name="email"/);
    // No value in the markup: what a visitor types before the script runs is what the form sends.
    expect(html).not.toMatch(/<input[^>]*value=/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>.*?Sign In<\/button>/);
  });

  it('draws what the browser would without the data: the loading state, not an error', async () => {
    const html = await renderPage(`/view-tip/${T9}`, { '/api/auth/me': me });
    expect(html).toContain('Loading tip...');
  });
});
