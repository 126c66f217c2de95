/**
 * The SQL of who sees what (db/visibility.ts, migration 0019) on its own, on both databases:
 * the three levels, connections, blocks either way, suspensions, hidden items, and the
 * append-only audit log.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@db/client';
import { runMigrations } from '@db/migrate';
import { auditLog, blocks, connections, memberSuspensions, tips, users } from '@db/schema';
import { visibleTo } from '@db/visibility';
import { openTestDatabase } from '../test-database';

let handle: DatabaseHandle;
const ids: Record<string, string> = {};

async function member(name: string) {
  const [row] = await handle.db
    .insert(users)
    .values({ name, email: `${name}@safety.test` })
    .returning({ id: users.id });
  ids[name] = row!.id;
}

async function tip(author: string, title: string, visibility: 'public' | 'connections' | 'private', hidden = false) {
  await handle.db.insert(tips).values({
    userId: ids[author]!,
    title,
    country: 'Portugal',
    city: 'Porto',
    description: 'd',
    visibility,
    hiddenAt: hidden ? new Date() : null,
  });
}

async function seen(viewer: string): Promise<string[]> {
  const rows = await handle.db.select({ title: tips.title }).from(tips).where(visibleTo(tips, ids[viewer]!)).orderBy(tips.title);
  return rows.map((r) => r.title);
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await runMigrations(handle);
  for (const name of ['author', 'friend', 'stranger', 'blocked', 'blocker', 'suspended', 'pending']) await member(name);
  await tip('author', 'a-public', 'public');
  await tip('author', 'a-connections', 'connections');
  await tip('author', 'a-private', 'private');
  await tip('author', 'a-hidden', 'public', true);
  await tip('author', 'a-connections-hidden', 'connections', true);
  await tip('suspended', 's-public', 'public');
  await handle.db.insert(connections).values([
    { requesterId: ids.friend!, addresseeId: ids.author!, status: 'accepted' },
    { requesterId: ids.pending!, addresseeId: ids.author!, status: 'pending' },
  ]);
  await handle.db.insert(blocks).values([
    { blockerId: ids.author!, blockedId: ids.blocked! },
    { blockerId: ids.blocker!, blockedId: ids.author! },
  ]);
  await handle.db.insert(memberSuspensions).values({ userId: ids.suspended! });
});

afterAll(async () => {
  await handle.close();
});

describe('who sees which tip', () => {
  it('the author sees all of their own, hidden ones too', async () => {
    expect(await seen('author')).toEqual(['a-connections', 'a-connections-hidden', 'a-hidden', 'a-private', 'a-public']);
  });

  it('a connection sees public and connections-only, never private or hidden', async () => {
    expect(await seen('friend')).toEqual(['a-connections', 'a-public']);
  });

  it('a stranger and a pending requester see only public ones', async () => {
    expect(await seen('stranger')).toEqual(['a-public']);
    expect(await seen('pending')).toEqual(['a-public']);
  });

  it('blocking hides both ways', async () => {
    expect(await seen('blocked')).toEqual([]);
    expect(await seen('blocker')).toEqual([]);
  });

  it("a suspended member's content is hidden until the suspension ends", async () => {
    expect(await seen('stranger')).not.toContain('s-public');
    await handle.db
      .update(memberSuspensions)
      .set({ until: sql`now() - interval '1 minute'` })
      .where(eq(memberSuspensions.userId, ids.suspended!));
    expect(await seen('stranger')).toContain('s-public');
  });

  it('is_private follows visibility and a hide', async () => {
    const rows = await handle.db
      .select({ title: tips.title, isPrivate: tips.isPrivate })
      .from(tips)
      .where(eq(tips.userId, ids.author!))
      .orderBy(tips.title);
    expect(Object.fromEntries(rows.map((r) => [r.title, r.isPrivate]))).toEqual({
      'a-connections': true,
      'a-connections-hidden': true,
      'a-hidden': true,
      'a-private': true,
      'a-public': false,
    });
  });
});

// drizzle wraps the database's error; its cause carries PostgreSQL's message.
const appendOnly = { cause: { message: 'audit_log is append-only' } };

describe('audit log', () => {
  it('takes new rows and refuses to change or remove them', async () => {
    const [row] = await handle.db
      .insert(auditLog)
      .values({ actorId: ids.author!, actorEmail: 'author@safety.test', action: 'tip.hide', targetType: 'tip' })
      .returning({ id: auditLog.id });
    await expect(handle.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.id, row!.id))).rejects.toMatchObject(
      appendOnly,
    );
    await expect(handle.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toMatchObject(appendOnly);
    const [kept] = await handle.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(kept?.action).toBe('tip.hide');
  });
});
