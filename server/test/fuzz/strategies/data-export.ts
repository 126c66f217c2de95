/**
 * "Download my data" (ADR 080): starting an export, and the download by ticket. The ticket is
 * the only input, so the download's own `send` mixes real tickets of the caller (mostly
 * opened once, some twice), another member's, and tickets with one character changed or
 * made up; a success must be a zip attachment, a refusal the JSON error body.
 */
import fc from 'fast-check';
import type { DataExportStart } from '@common/schemas/data-export';
import type { FuzzRequest } from '../fuzz-request';
import type { Strategies } from '../strategy';
import type { World } from '../world';

interface TicketChoice {
  whose: 'mine' | 'mine twice' | 'other member' | 'generated';
  /** Where one character of a real ticket is changed, if at all. */
  tamperAt: number | null;
  tamperWith: string;
}

const ticketChoice: fc.Arbitrary<TicketChoice> = fc.record({
  whose: fc.constantFrom('mine', 'mine', 'mine twice', 'other member', 'generated'),
  tamperAt: fc.option(fc.nat({ max: 69 }), { freq: 3 }),
  tamperWith: fc.constantFrom('A', '-', '_', '0', 'z'),
});

async function ticketOf(w: World, cookie: string): Promise<string> {
  const res = await w.t.call('POST', '/api/account/export', { cookie });
  return res.json<DataExportStart>().url;
}

async function sendDownload(w: World, req: FuzzRequest) {
  const choice = req.extra as TicketChoice;
  let url = req.url;
  if (choice.whose !== 'generated') {
    url = await ticketOf(w, choice.whose === 'other member' ? w.other.cookie : w.me.cookie);
    if (choice.tamperAt !== null) {
      const at = url.lastIndexOf('/') + 1 + choice.tamperAt;
      url = `${url.slice(0, at)}${choice.tamperWith}${url.slice(at + 1)}`;
    }
  }
  const get = () => w.t.app.inject({ method: 'GET', url, headers: { cookie: w.me.cookie, ...req.headers } });
  if (choice.whose === 'mine twice') await get();
  return get();
}

/** A zip attachment: the local file header's signature first. */
function isZipDownload(res: { body: string; headers: Record<string, unknown> }): string | null {
  if (res.headers['content-type'] !== 'application/zip') return `export answered ${String(res.headers['content-type'])}`;
  if (!/^attachment; filename="waymark-[\w-]+-\d{4}-\d{2}-\d{2}\.zip"$/.test(String(res.headers['content-disposition']))) {
    return `export disposition ${String(res.headers['content-disposition'])}`;
  }
  return res.body.startsWith('PK\u0003\u0004') ? null : `export body starts ${res.body.slice(0, 20)}`;
}

export const DATA_EXPORT: Strategies = {
  'POST /api/account/export': { group: 'social', tables: [] },
  'GET /api/account/export/:ticket': {
    group: 'social',
    tables: [],
    params: {
      ticket: () =>
        fc.oneof(
          fc.stringMatching(/^[A-Za-z0-9_-]{70}$/),
          fc.string({ maxLength: 90 }),
          fc.constantFrom('', '..', '%2e%2e%2f', 'A'.repeat(70), 'A'.repeat(71), `${'A'.repeat(69)}=`),
        ),
    },
    extra: () => ticketChoice,
    send: sendDownload,
    check2xx: isZipDownload,
  },
};
