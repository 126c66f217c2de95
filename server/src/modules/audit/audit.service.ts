/**
 * The audit log's list (issue 25, ADR 089). Its ids are a bigserial, not uuids, so its cursor is
 * its own: `<created_at text>|<id>`, base64url, refused as 400 when it is not one.
 */
import type { AuditEntry } from '@common/schemas/moderation';
import type { Database } from '@db/client';
import { isCalendarTimestamp } from '@common/schemas/calendar-date';
import { BadRequestError } from '@server/lib/errors';
import { type AuditCursor, listAudit } from './audit.repository';

const PG_TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

export function decodeAuditCursor(value: string | undefined): AuditCursor | null {
  if (!value) return null;
  const [createdAt, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || !/^\d{1,18}$/.test(id) || !PG_TIMESTAMPTZ.test(createdAt) || !isCalendarTimestamp(createdAt)) {
    throw new BadRequestError('Invalid page cursor');
  }
  return { createdAt, id: Number(id) };
}

const encode = (createdAt: string, id: number) => Buffer.from(`${createdAt}|${id}`).toString('base64url');

export function createAuditService(deps: { db: Database }) {
  async function list(cursor: string | undefined, limit: number) {
    const rows = await listAudit(deps.db, decodeAuditCursor(cursor), limit);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((r): AuditEntry => ({
        id: String(r.id),
        actor: { id: r.actorId, email: r.actorEmail, name: r.actorName, username: r.actorUsername },
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        targetLabel: r.currentLabel ?? r.recordedLabel,
        targetUsername: r.targetUsername,
        isTargetPresent: r.currentLabel !== null,
        before: r.before,
        after: r.after,
        createdAt: r.createdAt.toISOString(),
      })),
      nextCursor: rows.length > limit && last ? encode(last.cursorTs, last.id) : null,
    };
  }
  return { list };
}

export type AuditService = ReturnType<typeof createAuditService>;
