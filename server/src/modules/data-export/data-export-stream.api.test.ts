/**
 * The export as a stream over a real socket (ADR 080), on PGlite and PostgreSQL: a reader who
 * goes away mid-download stops the work (no transaction, lock, slot or file handle left), and a
 * failure mid-stream breaks the transfer, so what arrived never looks like a complete zip.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readlink, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataExportStart } from '@common/schemas/data-export';
import type { Tip } from '@common/schemas/tip';
import { executeRows } from '@db/rows';
import { tips } from '@db/schema';
import { eventually } from '@server-test/eventually';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { unzip } from '@server-test/unzip';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let base: string;
/** More than any socket buffer holds, so the server is still writing when the reader leaves. */
const BIG_BYTES = 24 * 1024 * 1024;

/** A tip of `member` whose photo is `file` in their tip-photos folder, written as `write` says. */
async function tipWithPhotoFile(member: Member, file: string, write: (fullPath: string) => Promise<void>) {
  const dir = path.join(t.config.dataDir, 'uploads', 'tip-photos', member.id);
  await mkdir(dir, { recursive: true });
  await write(path.join(dir, file));
  const res = await t.call('POST', '/api/tips', {
    cookie: member.cookie,
    body: { title: 'Photo tip', description: 'Look.', country: 'Portugal', city: 'Porto' },
  });
  const id = res.json<Tip>().id;
  await t.db
    .update(tips)
    .set({ photoUrls: [`/api/media/tip-photos/${member.id}/${file}`] })
    .where(eq(tips.id, id));
}

async function ticketOf(member: Member): Promise<string> {
  const res = await t.call('POST', '/api/account/export', { cookie: member.cookie });
  expect(res.statusCode).toBe(201);
  return res.json<DataExportStart>().url;
}

/** File descriptors of this process open on something in the member's upload folders. */
async function openUploads(member: Member): Promise<string[]> {
  const targets = await Promise.all(
    (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return targets.filter((target) => target.includes(member.id));
}

/**
 * True when no export of the member holds its PostgreSQL advisory lock. The lock is transaction
 * scoped: free means the snapshot's transaction has ended. (PGlite has no snapshot: always true.)
 */
async function isExportLockFree(member: Member): Promise<boolean> {
  if (t.database.kind !== 'postgres') return true;
  return t.db.transaction(async (tx) => {
    const [row] = await executeRows<{ free: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('waymark:data-export'), hashtext(${member.id})) as free`,
    );
    return row?.free === true;
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => t.close());

it('a reader who leaves mid-download stops the export: nothing stays open, and the next export works', async () => {
  const member = await t.createMember('user', 'Lea Ving');
  await tipWithPhotoFile(member, '1-0-big.webp', (p) => writeFile(p, randomBytes(BIG_BYTES)));
  const url = await ticketOf(member);

  const received = await new Promise<number>((resolve, reject) => {
    const request = http.get(`${base}${url}`, { headers: { cookie: member.cookie } }, (res) => {
      expect(res.statusCode).toBe(200);
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes < 256 * 1024 || res.isPaused()) return;
        // Stop reading; once the server is held up by the full socket, go away.
        res.pause();
        setTimeout(() => {
          request.destroy();
          resolve(bytes);
        }, 300);
      });
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
  expect(received).toBeLessThan(BIG_BYTES);

  await eventually(async () => {
    expect(await openUploads(member)).toEqual([]);
    expect(await isExportLockFree(member)).toBe(true);
    // The member's slot is free: another export starts and completes.
    const res = await t.call('GET', await ticketOf(member), { cookie: member.cookie });
    expect(res.statusCode).toBe(200);
    expect((await unzip(res.rawPayload)).some((e) => e.name === 'photos/tip-photos/1-0-big.webp')).toBe(true);
  }, 10_000);
}, 60_000);

it('a failure mid-stream breaks the transfer: no complete-looking zip, no 500 page, nothing left open', async () => {
  const member = await t.createMember('user', 'Bro Ken');
  // A link to itself where a photo file should be: opening it fails (ELOOP) mid-archive, after
  // the entries before the photos were sent. (A folder there now counts as a missing photo: the
  // storage's open() answers null for anything but a regular file, as /api/media always did.)
  await tipWithPhotoFile(member, '2-0-broken.webp', (p) => symlink(path.basename(p), p));
  const url = await ticketOf(member);

  const outcome = await new Promise<{ status: number; type: string; complete: boolean; body: Buffer }>((resolve) => {
    const request = http.get(`${base}${url}`, { headers: { cookie: member.cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', () => undefined);
      res.on('close', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          complete: res.complete,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', () => undefined);
  });
  expect(outcome).toMatchObject({ status: 200, type: 'application/zip', complete: false });
  // The entries before the failure arrived, but no central directory: no reader takes it for a zip.
  expect(outcome.body.subarray(0, 4).readUInt32LE(0)).toBe(0x04034b50);
  expect(outcome.body.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(false);
  await expect(unzip(outcome.body)).rejects.toThrow();

  await eventually(async () => {
    expect(await openUploads(member)).toEqual([]);
    expect(await isExportLockFree(member)).toBe(true);
    expect((await t.call('POST', '/api/account/export', { cookie: member.cookie })).statusCode).toBe(201);
  }, 10_000);
}, 60_000);

it('one export at a time per member: a second start or download while one runs is 409', async () => {
  const member = await t.createMember('user', 'One At');
  await tipWithPhotoFile(member, '3-0-big.webp', (p) => writeFile(p, randomBytes(BIG_BYTES)));
  const first = await ticketOf(member);
  const second = await ticketOf(member);
  await new Promise<void>((resolve, reject) => {
    const request = http.get(`${base}${first}`, { headers: { cookie: member.cookie } }, (res) => {
      res.once('data', () => {
        res.pause();
        void (async () => {
          const again = await t.call('POST', '/api/account/export', { cookie: member.cookie });
          expect(again.statusCode).toBe(409);
          const parallel = await t.call('GET', second, { cookie: member.cookie });
          expect(parallel.statusCode).toBe(409);
          expect(parallel.headers['content-type']).toMatch(/^application\/json/);
          request.destroy();
          resolve();
        })().catch(reject);
      });
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
  await eventually(async () => {
    expect((await t.call('POST', '/api/account/export', { cookie: member.cookie })).statusCode).toBe(201);
  }, 10_000);
}, 60_000);
