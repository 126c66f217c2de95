/**
 * The guides holding a tip, for its author only (issue 36, ADR 103): the edit form names them
 * when a narrower visibility would hide the tip from some of their readers. 404 when the tip is
 * unknown or hidden from the caller, 403 for anyone else who can see it (as editing is).
 */
import type { TipGuides } from '@common/schemas/tip-guides';
import type { Executor } from '@db/client';
import { ForbiddenError, NotFoundError } from '@server/lib/errors';
import * as repo from './tip-guides.repository';

/** The texts of the tips service's refusals, passed in so both say the same. */
type Texts = { notFound: string; notOwner: string };

/** A tip sits in a handful of guides; the form names at most this many. */
const GUIDES_CAP = 50;

export async function guidesHoldingTip(db: Executor, tipId: string, userId: string, texts: Texts): Promise<TipGuides> {
  const tip = await repo.findTipAccess(db, tipId, userId);
  if (!tip || (tip.userId !== userId && !tip.visible)) throw new NotFoundError(texts.notFound);
  if (tip.userId !== userId) throw new ForbiddenError(texts.notOwner);
  return { guides: await repo.listGuidesHolding(db, tipId, userId, GUIDES_CAP) };
}
