/**
 * Fuzzes every route of a group: FUZZ_RUNS generated requests per route (default 1,000), each
 * answer checked against the route's contract, then the database's row counts and counters.
 *
 * FUZZ_RUNS=n   cases per route.
 * FUZZ_SEED=n   fast-check's seed (printed with every counterexample; row ids differ per run, so
 *               the printed input itself is the thing to replay).
 * FUZZ_COLLECT=1  print every 5xx input and go on, instead of shrinking the first (triage).
 * FUZZ_VERBOSE=1  print each route's answers by status (how far the inputs get).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pngImage } from '@server-test/test-uploads';
import type { ApiRoute } from '@server/plugins/access';
import { checkResponse } from './check-response';
import { itineraryGaps, likeCounterDrift, mapCellDrift, rowCounts, unexpectedChanges } from './db-invariants';
import type { FuzzFigures } from './figures.setup';
import { knownFailureOf } from './known-failures';
import type { FuzzRequest } from './fuzz-request';
import { fuzzRequest, setValidImage } from './requests';
import { routeKey, type Group } from './strategy';
import { STRATEGIES } from './strategies/index';
import { createWorld, isSignedIn } from './world';

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const COLLECT = process.env.FUZZ_COLLECT === '1';
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** DELETE routes last: they remove rows the other routes' ids point at. */
const order = (r: ApiRoute) => (r.method === 'DELETE' ? 2 : r.method === 'GET' ? 0 : 1);

export async function fuzzGroup(group: Group): Promise<void> {
  const w = await createWorld();
  setValidImage(await pngImage());
  const routes = w.t.app.apiRoutes.filter((r) => STRATEGIES[routeKey(r)]?.group === group).sort((a, b) => order(a) - order(b));
  const figures: FuzzFigures = { routes: routes.length, requests: 0, serverErrors: 0, knownServerErrors: 0 };
  const knownSeen = new Map<string, string>();

  describe(`fuzz: ${group} routes`, () => {
    afterAll(async () => {
      console.log(
        `fuzz (${group}): ${figures.routes} routes, ${figures.requests} requests, ${figures.serverErrors} 5xx (${figures.knownServerErrors} known)`,
      );
      for (const [why, example] of knownSeen) console.log(`  known 5xx: ${why}, e.g. ${example}`);
      writeFileSync(path.join(inject('fuzzFiguresDir'), `${group}.json`), JSON.stringify(figures));
      await w.t.close();
    });

    for (const route of routes) {
      const key = routeKey(route);
      const strategy = STRATEGIES[key]!;
      it(`${key}: ${FUZZ_RUNS} generated requests stay below 500 and keep the contract`, async () => {
        const before = await rowCounts(w.t);
        const statuses = new Map<number, number>();
        await fc.assert(
          fc.asyncProperty(fuzzRequest(w, route, strategy), async (req) => {
            const cookie = strategy.actor === 'admin' ? w.adminCookie : w.me.cookie;
            const res = strategy.send
              ? await strategy.send(w, req)
              : await w.t.app.inject({
                  method: route.method as 'GET',
                  url: req.url,
                  headers: { cookie, ...req.headers },
                  ...(req.payload === undefined ? {} : { payload: req.payload }),
                });
            figures.requests += 1;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const { isServerError, problem } = checkResponse(route, res, strategy.check2xx);
            if (isServerError) figures.serverErrors += 1;
            if (res.statusCode < 300) learnCursor(w, res.body);
            await strategy.after?.(w, req, res as never);
            const known = isServerError ? knownFailureOf(key, req) : undefined;
            if (known) {
              figures.knownServerErrors += 1;
              if (!knownSeen.has(known.why)) knownSeen.set(known.why, describeRequest(req));
              return;
            }
            if (isServerError && COLLECT) {
              // FUZZ_COLLECT=1: list every 5xx input instead of stopping at the first (for triage).
              console.log(`5xx ${key}: ${describeRequest(req)}`);
              return;
            }
            if (problem) throw new Error(`${route.method} ${req.url.slice(0, 300)}: ${problem}`);
            const leak = strategy.actor === 'admin' ? undefined : w.hiddenFromMe.find((word) => res.body.includes(word));
            if (leak) throw new Error(`${route.method} ${req.url.slice(0, 300)}: shows another member's unseen item (${leak})`);
          }),
          { numRuns: FUZZ_RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
        if (VERBOSE)
          console.log(
            `${key}: ${[...statuses]
              .sort(([a], [b]) => a - b)
              .map(([s, n]) => `${s}×${n}`)
              .join(' ')}`,
          );
        await strategy.restore?.(w);
        expect(unexpectedChanges(before, await rowCounts(w.t), strategy.tables), 'tables this route must not change').toEqual([]);
        expect(await likeCounterDrift(w.t), 'likes_count = count(likes)').toEqual([]);
        expect(await mapCellDrift(w.t), 'tip_map_cells = a count of the placed public tips').toEqual([]);
        expect(await itineraryGaps(w.t), 'each guide day numbers its items 1..n').toEqual([]);
        expect(
          await isSignedIn(w.t, strategy.actor === 'admin' ? w.adminCookie : w.me.cookie),
          'the caller is still signed in',
        ).toBe(true);
      });
    }
  });
}

function describeRequest(req: FuzzRequest): string {
  return String((req as unknown as Record<symbol, () => string>)[fc.toStringMethod]?.()).slice(0, 400);
}

function learnCursor(w: Parameters<typeof fuzzRequest>[0], body: string): void {
  const match = /"nextCursor":"([^"]+)"/.exec(body);
  if (match?.[1]) {
    w.cursors.add(match[1]);
  }
}
