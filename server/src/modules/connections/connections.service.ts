/**
 * Connections between members (docs/product.md#connections, docs/product.md#notifications; ADR 010).
 *
 * State machine: none → pending (request) → accepted (addressee accepts) or blocked (addressee
 * rejects); a blocked pair may be re-requested by either party (pending again with the new
 * requester and addressee); a pending request may be cancelled (deleted) by its requester.
 * Every transition locks the pair's row (FOR UPDATE) and writes its notification in the same
 * transaction. Two requests of one pair at once: the unique pair index lets one insert win; the
 * other answers 409 as if it had come second.
 */
import type { ConnectionEntry, MyConnections, Relation } from '@common/schemas/connection';
import { BLOCK_TEXTS } from '@common/schemas/block';
import { CONNECTION_TEXTS } from '@common/schemas/connection';
import type { ProfileCard } from '@common/schemas/profile';
import type { Database, Executor } from '@db/client';
import { isForeignKeyViolation, isUniqueViolation } from '@db/pg-errors';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@server/lib/errors';
import { decodeCursor, toPage } from '@server/lib/keyset';
import { announceToBoth, blockedEitherWay, hasBlocked, lockPair } from '../blocks/blocks.repository';
import * as notificationsRepo from '../notifications/notifications.repository';
import * as repo from './connections.repository';
import { profileCards } from './profile-cards.repository';

export const CONNECTION_ERRORS = {
  self: 'You cannot connect to yourself',
  memberNotFound: 'Member not found',
  notFound: 'Connection request not found',
  addresseeOnly: 'Only the recipient of a connection request can accept or reject it',
  requesterOnly: 'Only the sender of a connection request can cancel it',
  notPending: 'This connection request is no longer pending',
} as const;

export const connectionNotificationText = {
  request: (name: string) => `${name} sent you a connection request`,
  accepted: (name: string) => `${name} accepted your connection request`,
  declined: (name: string) => `${name} declined your connection request`,
};

const REQUEST_PENDING = { code: 'connection_request_pending' } as const;

const otherParty = (row: repo.ConnectionRow, userId: string) => (row.requesterId === userId ? row.addresseeId : row.requesterId);

export function createConnectionsService(deps: { db: Database }) {
  const { db } = deps;

  async function toEntries(
    ex: Executor,
    viewerId: string,
    rows: repo.ConnectionRow[],
    memberOf: (row: repo.ConnectionRow) => string,
  ) {
    const cards = await profileCards(ex, viewerId, rows.map(memberOf));
    return rows.map((row): ConnectionEntry => {
      const member = cards.get(memberOf(row)) as ProfileCard;
      return {
        id: row.id,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        member,
      };
    });
  }

  async function toEntry(ex: Executor, viewerId: string, row: repo.ConnectionRow): Promise<ConnectionEntry> {
    const [entry] = await toEntries(ex, viewerId, [row], (r) => otherParty(r, viewerId));
    if (!entry) throw new Error('no entry for a connection row');
    return entry;
  }

  function conflictFor(row: repo.ConnectionRow): ConflictError {
    return row.status === 'accepted'
      ? new ConflictError(CONNECTION_TEXTS.alreadyConnected, { code: 'already_connected' })
      : new ConflictError(CONNECTION_TEXTS.alreadySent, REQUEST_PENDING);
  }

  async function notify(ex: Executor, to: string, actorId: string, kind: 'request' | 'accepted' | 'declined') {
    const name = await notificationsRepo.actorName(ex, actorId);
    // One unread notice per actor and kind (ADR 031): request/cancel cycles cannot pile them up.
    await notificationsRepo.notifyUnlessUnread(ex, {
      userId: to,
      actorId,
      type: kind === 'request' ? 'connection_request' : kind === 'accepted' ? 'connection_accepted' : 'connection_declined',
      content: connectionNotificationText[kind](name),
    });
  }

  /** POST /api/connections */
  async function request(viewerId: string, addresseeId: string): Promise<ConnectionEntry> {
    if (addresseeId === viewerId) throw new BadRequestError(CONNECTION_ERRORS.self);
    try {
      return await db.transaction(async (tx) => {
        // Before the block checks: a block of this pair waits for the request or sees its row.
        await lockPair(tx, viewerId, addresseeId);
        if (!(await repo.isActiveMember(tx, addresseeId))) throw new NotFoundError(CONNECTION_ERRORS.memberNotFound);
        // No request passes between blocked members (ADR 086): the blocker is told why; to the
        // blocked member the other is as absent as their profile.
        if (await hasBlocked(tx, viewerId, addresseeId)) throw new ConflictError(BLOCK_TEXTS.unblockFirst);
        if (await hasBlocked(tx, addresseeId, viewerId)) throw new NotFoundError(CONNECTION_ERRORS.memberNotFound);
        const existing = await repo.findPair(tx, viewerId, addresseeId, true);
        let row: repo.ConnectionRow | undefined;
        if (existing) {
          if (existing.status !== 'blocked') throw conflictFor(existing);
          row = await repo.rerequest(tx, existing.id, viewerId, addresseeId);
        } else {
          row = await repo.insertPending(tx, viewerId, addresseeId);
        }
        if (!row) {
          // A racing request or re-request of the same pair committed first.
          const now = await repo.findPair(tx, viewerId, addresseeId);
          throw now ? conflictFor(now) : new ConflictError(CONNECTION_TEXTS.alreadySent, REQUEST_PENDING);
        }
        await notify(tx, addresseeId, viewerId, 'request');
        return toEntry(tx, viewerId, row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(CONNECTION_TEXTS.alreadySent, REQUEST_PENDING);
      if (isForeignKeyViolation(error)) throw new NotFoundError(CONNECTION_ERRORS.memberNotFound);
      throw error;
    }
  }

  /**
   * The row for a transition by `viewerId`: 404 when missing, 403 for anyone but the party who
   * may make it (the other party or a stranger: issue 6), 409 when not pending.
   */
  async function pendingFor(tx: Executor, viewerId: string, id: string, party: 'addressee' | 'requester') {
    const row = await repo.findById(tx, id, true);
    if (!row) throw new NotFoundError(CONNECTION_ERRORS.notFound);
    const isParty = party === 'addressee' ? row.addresseeId === viewerId : row.requesterId === viewerId;
    if (!isParty)
      throw new ForbiddenError(party === 'addressee' ? CONNECTION_ERRORS.addresseeOnly : CONNECTION_ERRORS.requesterOnly);
    if (row.status !== 'pending') throw new ConflictError(CONNECTION_ERRORS.notPending);
    return row;
  }

  async function respond(viewerId: string, id: string, status: 'accepted' | 'blocked'): Promise<ConnectionEntry> {
    return db.transaction(async (tx) => {
      const pending = await pendingFor(tx, viewerId, id, 'addressee');
      const row = await repo.setStatus(tx, pending.id, status);
      if (!row) throw new ConflictError(CONNECTION_ERRORS.notPending);
      await notify(tx, row.requesterId, viewerId, status === 'accepted' ? 'accepted' : 'declined');
      return toEntry(tx, viewerId, row);
    });
  }

  /** DELETE /api/connections/:id: the requester cancels a pending request; nobody is notified. */
  async function cancel(viewerId: string, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const pending = await pendingFor(tx, viewerId, id, 'requester');
      if (!(await repo.deletePending(tx, pending.id))) throw new ConflictError(CONNECTION_ERRORS.notPending);
    });
  }

  /**
   * POST /api/connections/:id/remove: either member ends an accepted connection (docs/product.md#connections, ADR 087);
   * nobody is notified. 404 unknown, 403 not a party, 409 not accepted.
   */
  async function remove(viewerId: string, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await repo.findById(tx, id, true);
      if (!row) throw new NotFoundError(CONNECTION_ERRORS.notFound);
      if (row.requesterId !== viewerId && row.addresseeId !== viewerId) throw new ForbiddenError(BLOCK_TEXTS.partiesOnly);
      if (!(await repo.deleteAccepted(tx, row.id))) throw new ConflictError(BLOCK_TEXTS.notAccepted);
      // Naming the other member lets each side's offline copy drop their pages (ADR 086).
      await announceToBoth(tx, row.requesterId, row.addresseeId, 'removed');
    });
  }

  /** GET /api/connections: the viewer's connected, received and sent lists. */
  async function mine(viewerId: string): Promise<MyConnections> {
    const rows = await repo.connectionsOf(db, viewerId, ['pending', 'accepted']);
    const entries = await toEntries(db, viewerId, rows, (r) => otherParty(r, viewerId));
    const result: MyConnections = { connected: [], received: [], sent: [] };
    rows.forEach((row, i) => {
      const entry = entries[i];
      if (!entry) return;
      if (row.status === 'accepted') result.connected.push(entry);
      else if (row.addresseeId === viewerId) result.received.push(entry);
      else result.sent.push(entry);
    });
    return result;
  }

  /** GET /api/connections/discover */
  async function discover(viewerId: string, query: { cursor?: string; limit: number }) {
    const rows = await repo.discover(db, viewerId, decodeCursor(query.cursor), query.limit);
    const cards = await profileCards(
      db,
      viewerId,
      rows.slice(0, query.limit).map((r) => r.id),
    );
    return toPage(rows, query.limit, (r) => cards.get(r.id) as ProfileCard);
  }

  /** An active member the viewer may see: blocked either way is the same 404 as unknown (ADR 086). */
  async function assertMember(viewerId: string, userId: string) {
    if (!(await repo.isActiveMember(db, userId))) throw new NotFoundError(CONNECTION_ERRORS.memberNotFound);
    if (await blockedEitherWay(db, viewerId, userId)) throw new NotFoundError(CONNECTION_ERRORS.memberNotFound);
  }

  /** GET /api/users/:userId/connections: any member may see another's accepted connections (docs/product.md#who-may-do-what). */
  async function acceptedOf(viewerId: string, userId: string): Promise<ConnectionEntry[]> {
    await assertMember(viewerId, userId);
    const rows = await repo.connectionsOf(db, userId, ['accepted'], viewerId);
    return toEntries(db, viewerId, rows, (r) => otherParty(r, userId));
  }

  /** GET /api/users/:userId/relation */
  async function relation(viewerId: string, userId: string): Promise<{ relation: Relation; connectionId: string | null }> {
    await assertMember(viewerId, userId);
    if (userId === viewerId) return { relation: 'none', connectionId: null };
    const row = await repo.findPair(db, viewerId, userId);
    if (!row || row.status === 'blocked') return { relation: 'none', connectionId: null };
    if (row.status === 'accepted') return { relation: 'connected', connectionId: row.id };
    return { relation: row.requesterId === viewerId ? 'pending_sent' : 'pending_received', connectionId: row.id };
  }

  return {
    request,
    accept: (viewerId: string, id: string) => respond(viewerId, id, 'accepted'),
    reject: (viewerId: string, id: string) => respond(viewerId, id, 'blocked'),
    cancel,
    remove,
    mine,
    discover,
    acceptedOf,
    relation,
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
