/**
 * The worker's side of the outbox (issue 36, ADR 102): it replays what the page wrote there, in
 * the order written, when it activates and whenever a page says it wrote something. A task done
 * (or no longer for the member signed in) leaves the outbox; one the network failed stays for
 * the next replay. Written against CacheStorage, the member store and fetch as parameters.
 */
import type { Guide } from '@common/schemas/guide';
import { guideAnswerUrls, guidePhotoUrls } from './guide-downloads';
import type { MemberStore } from './member-store';
import { type OutboxEntry, readOutbox, removeFromOutbox } from './outbox';
import { ME_PATH } from './policy';

export interface ReplayDeps {
  caches: CacheStorage;
  store: MemberStore;
  fetch: (url: string) => Promise<Response>;
}

type GuideAnswer = Pick<Guide, 'id' | 'items' | 'photoUrls'>;

export function createOutboxReplay({ caches, store, fetch }: ReplayDeps) {
  /** True: done, or no longer applies; false: the network failed, try again next time. */
  async function apply({ at, task }: OutboxEntry): Promise<boolean> {
    if (task.type === 'member') return learnMember(task.id, at);
    // A task of a member who has since left (or another who signed in since) is dropped.
    if ((await store.currentMember()) !== task.memberId) return true;
    try {
      if (task.type === 'refresh') await refresh(task.memberId, task.url);
      else await keepGuide(task.memberId, task.guideId);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Who is signed in; and who they are is stored, or the app cannot open offline: a member who
   * signed in on this page while the worker installed never read it through the worker.
   */
  async function learnMember(id: string | null, at: number): Promise<boolean> {
    await store.setMember(id, at);
    if (id === null || (await store.currentMember()) !== id || (await store.match(ME_PATH))) return true;
    try {
      const response = await fetch(ME_PATH);
      const body = response.ok ? ((await response.clone().json()) as { id?: unknown }) : undefined;
      if (body?.id === id) await store.store(id, ME_PATH, response);
      return true;
    } catch {
      return false;
    }
  }

  /** Read again: the stored copy then says whether it is kept, and a kept one's photos come with it. */
  async function refresh(memberId: string, url: string) {
    const response = await fetch(url);
    if (response.ok) await store.store(memberId, url, response);
    else await response.body?.cancel();
  }

  /**
   * One of the guide's answers or photos, stored as the guide's: read back if already stored (the
   * page's download went through the worker), fetched otherwise. Undefined: refused or gone.
   */
  async function forGuide(memberId: string, url: string, guideId: string): Promise<Response | undefined> {
    if (await store.markForGuide(memberId, url, guideId)) {
      const stored = await store.match(url);
      if (stored) return stored;
    }
    const response = await fetch(url);
    if (!response.ok) {
      await response.body?.cancel();
      return undefined;
    }
    await store.store(memberId, url, response.clone(), guideId);
    return response;
  }

  /** "Make available offline" (ADR 071), whether or not the worker saw the page's downloads. */
  async function keepGuide(memberId: string, guideId: string) {
    const guideAnswer = await forGuide(memberId, guideAnswerUrls({ id: guideId, items: [] })[0]!, guideId);
    if (!guideAnswer) return;
    const guide = (await guideAnswer.json()) as GuideAnswer;
    const tips: { photoUrls?: unknown }[] = [];
    // Its map, then each tip of it the member may see.
    for (const url of guideAnswerUrls(guide).slice(1)) {
      const answer = await forGuide(memberId, url, guideId);
      if (answer && url.startsWith('/api/tips/')) tips.push((await answer.json()) as { photoUrls?: unknown });
    }
    for (const url of guidePhotoUrls(guide, tips)) await forGuide(memberId, url, guideId);
    await store.keepGuide(guideId);
  }

  async function run() {
    for (const { key, entry } of await readOutbox(caches)) {
      if (await apply(entry)) await removeFromOutbox(caches, key);
    }
  }

  let queue: Promise<void> = Promise.resolve();
  /** Replays the outbox; calls queue up, so each sees everything written before it was made. */
  function replay(): Promise<void> {
    queue = queue.then(run).catch(() => undefined);
    return queue;
  }

  return { replay };
}
