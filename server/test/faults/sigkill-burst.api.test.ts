/**
 * Issue 6, Faults: SIGKILL in the middle of a burst of concurrent writes (guide edits replacing
 * every item, like and save toggles, tip creations, account deletions), restart on the same
 * database, then check the invariants with SQL. Every guide always has exactly GUIDE_ITEMS items,
 * so any other count is a half-written itinerary. Runs on PGlite and on PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { checkInvariants } from './invariants';
import { ADMIN, type ServerProcess, type Session, api, createTip, signIn, signUpMember, startServer } from './server-process';
import { type TestTarget, createTestTarget, onPostgres } from './test-target';

const MEMBERS = 8;
const GUIDE_ITEMS = 6;
const BURST = 240;
const CONCURRENCY = 24;
/** The server is killed when this write of the burst is sent. */
const KILL_AT = 120;

interface Member extends Session {
  tips: string[];
  guideId: string;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** GUIDE_ITEMS items over 1-3 days: the member's two tips and custom items, varying per round. */
function guideBody(member: Pick<Member, 'tips'>, round: number) {
  const daysCount = 1 + (round % 3);
  const items = Array.from({ length: GUIDE_ITEMS }, (_, i) => {
    const dayNumber = 1 + ((i + round) % daysCount);
    // Two distinct tips, so no day ever holds the same tip twice (the server refuses that).
    if (i < 2) return { dayNumber, tipId: member.tips[i]! };
    return { dayNumber, customTitle: `Stop ${round}.${i}`, customPlaceName: i % 2 ? 'Somewhere' : null };
  });
  return { title: `Guide ${round}`, location: 'Lyon', countries: ['France'], daysCount, items };
}

describe('SIGKILL in the middle of a burst of writes', () => {
  let target: TestTarget | undefined;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop(3_000)));
    await target?.dispose();
  }, 30_000);

  it('leaves the database consistent on restart', async () => {
    target = await createTestTarget('kill');
    const first = await startServer(target);
    servers.push(first);
    const base = first.base;

    const admin = await signIn(base, ADMIN.email, ADMIN.password);
    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const session = await signUpMember(base, admin, `Member ${i}`);
      const tips = [await createTip(base, session, `Tip ${i}.a`), await createTip(base, session, `Tip ${i}.b`)];
      const member: Member = { ...session, tips, guideId: '' };
      const res = await api(base, 'POST', '/api/guides', session.cookie, guideBody(member, 0));
      if (res.status !== 201) throw new Error(`guide: ${res.status} ${await res.text()}`);
      member.guideId = ((await res.json()) as { id: string }).id;
      members.push(member);
    }

    // The burst: mostly toggles and guide edits, a few new tips, two account deletions.
    const deleted = new Set<string>();
    const acknowledgedTips: { id: string; userId: string }[] = [];
    const ops: (() => Promise<Response>)[] = [];
    for (let n = 0; n < BURST; n++) {
      const actor = pick(members);
      const other = pick(members.filter((m) => m !== actor));
      const kind = n === 30 || n === 70 ? 'delete' : pick(['guide', 'guide', 'like', 'like', 'save', 'tip']);
      if (kind === 'delete') {
        ops.push(() => {
          deleted.add(actor.id);
          return api(base, 'DELETE', '/api/account', actor.cookie);
        });
      } else if (kind === 'guide') {
        ops.push(() => api(base, 'PUT', `/api/guides/${actor.guideId}`, actor.cookie, guideBody(actor, n)));
      } else if (kind === 'tip') {
        ops.push(async () => {
          const res = await api(base, 'POST', '/api/tips', actor.cookie, {
            title: `Burst ${n}`,
            country: 'France',
            city: 'Nice',
            description: 'Burst.',
          });
          if (res.status === 201)
            acknowledgedTips.push({ id: ((await res.clone().json()) as { id: string }).id, userId: actor.id });
          return res;
        });
      } else {
        const contentType = Math.random() < 0.5 ? 'tip' : 'guide';
        const contentId = contentType === 'tip' ? pick(other.tips) : other.guideId;
        ops.push(() =>
          api(base, 'POST', `/api/${kind === 'like' ? 'likes' : 'saves'}/toggle`, actor.cookie, { contentType, contentId }),
        );
      }
    }

    // The kill comes as the KILL_AT-th write is sent, without waiting for answers: the server then
    // holds up to CONCURRENCY writes, some mid-transaction. Answers already on their way may still
    // arrive; the writes that never get one are the ones cut off.
    let started = 0;
    let answered = 0;
    let isKilled = false;
    const statuses = new Map<number, number>();
    const worker = async () => {
      while (started < ops.length && !isKilled) {
        const op = ops[started++]!;
        const pending = op();
        if (started === KILL_AT) {
          isKilled = true;
          first.child.kill('SIGKILL');
        }
        try {
          const res = await pending;
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          answered++;
        } catch {
          // cut off: the connection died with the server
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const cutOff = started - answered;
    expect((await first.exited).signal).toBe('SIGKILL');
    // A 500 is a bug of its own (a race the burst provoked): the failure shows the server's log lines.
    const unhandled = first
      .output()
      .split('\n')
      .filter((l) => l.includes('unhandled error'))
      .slice(0, 3)
      .join('\n');
    expect(statuses.get(500) ?? 0, unhandled).toBe(0);

    // Restart on the same database: it must come up and serve.
    const second = await startServer(target);
    servers.push(second);
    expect((await signIn(second.base, ADMIN.email, ADMIN.password)).id).toBe(admin.id);
    // PGlite's directory can only be opened by one process: stop the server before querying.
    if (!onPostgres) expect((await second.stop()).code).toBe(0);

    const { checked, violations, lostTips } = await target.withQuery(async (query) => {
      const result = await checkInvariants(query, { guideItems: GUIDE_ITEMS });
      // A write answered 201 before the kill was committed: it must survive it.
      const survivors = acknowledgedTips.filter((t) => !deleted.has(t.userId));
      const ids = survivors.map((t) => `'${t.id}'`).join(',') || 'NULL';
      const found = await query(`SELECT id FROM tips WHERE id IN (${ids})`);
      return { ...result, lostTips: survivors.length - found.length };
    });
    console.log(
      `faults: ${checked} invariants checked, ${violations.length} violations ` +
        `(${onPostgres ? 'postgres' : 'pglite'}; ${started} writes sent, ${answered} answered, ${cutOff} cut off by SIGKILL, ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${acknowledgedTips.length} acknowledged tips, ${lostTips} lost)`,
    );
    if (violations.length > 0) console.log(JSON.stringify(violations, null, 1));
    expect(violations).toEqual([]);
    expect(lostTips).toBe(0);
    expect(cutOff).toBeGreaterThan(0);
  }, 150_000);
});
