/**
 * The setup the explain tests over every list share: a test app holding the scene (scene.ts),
 * every list call (list-routes.ts) with the cookie of whoever makes it, and a recorder of the SQL
 * each call sends. Call it inside a describe: it registers that describe's beforeAll and
 * afterAll, and its fields are there from the beforeAll on.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { type TestApp, createTestApp } from '../test-app';
import { type ListCall, listCalls } from './list-routes';
import { recordQueries } from './query-recorder';
import { buildScene } from './scene';

export interface ListScene {
  t: TestApp;
  recorder: ReturnType<typeof recordQueries>;
  calls: ListCall[];
  cookies: Record<ListCall['as'], string>;
}

export function listScene(): ListScene {
  const scene = { cookies: { viewer: '', admin: '' } } as ListScene;
  beforeAll(async () => {
    scene.t = await createTestApp();
    const built = await buildScene(scene.t);
    scene.cookies.viewer = built.viewer.cookie;
    scene.cookies.admin = built.adminCookie;
    scene.calls = listCalls(built.viewer.id, built.other.id);
    scene.recorder = recordQueries(scene.t.database);
  });
  afterAll(() => scene.t?.close());
  return scene;
}

/** GET `url` as `as`, its SQL recorded under `GET url`; it must answer 200. */
async function get(scene: ListScene, url: string, as: ListCall['as']) {
  const res = await scene.recorder.during(`GET ${url}`, () => scene.t.call('GET', url, { cookie: scene.cookies[as] }));
  expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
  return res.json<{ nextCursor?: string | null }>();
}

/** Calls every list once; a paged one at limit=2 and then its second page, which it must have. */
export async function callEveryList(scene: ListScene): Promise<void> {
  for (const call of scene.calls) {
    if (!call.paged) {
      await get(scene, call.url, call.as);
      continue;
    }
    const url = `${call.url}${call.url.includes('?') ? '&' : '?'}limit=2`;
    const first = await get(scene, url, call.as);
    // The scene must give every paged list a second page, or its cursor query would go unchecked.
    expect(first.nextCursor, `${url} has no second page`).toBeTruthy();
    await get(scene, `${url}&cursor=${first.nextCursor}`, call.as);
  }
}
