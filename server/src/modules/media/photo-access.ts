/**
 * Who may fetch an uploaded photo (issue 25, ADR 085): its uploader; an admin (the Reports tab
 * shows reported content whatever its visibility, and a photo's URL is unguessable); anyone
 * else only while a tip or guide that shows it is visible to them (ADR 081), and a profile
 * picture while neither blocked the other and its owner is not suspended. Everything else is the
 * same 404 as a missing file, so a refusal tells nothing.
 */
import type { Database } from '@db/client';
import type { Viewer } from '../auth/viewer';
import { type MediaRef, mediaUrl } from './media-storage';
import * as repo from './photo-access.repository';

export function createPhotoAccess(deps: { db: Database }) {
  const { db } = deps;

  /**
   * `photo` names the original (a variant is asked for as the photo it was made from);
   * `hasAdminPowers`: app.hasAdminPowers(viewer), the one admin check (two-factor included).
   */
  async function maySee(viewer: Viewer, photo: MediaRef, hasAdminPowers: boolean): Promise<boolean> {
    if (photo.userId === viewer.userId || hasAdminPowers) return true;
    if (photo.bucket === 'avatars') return repo.ownerShownTo(db, viewer.userId, photo.userId);
    return repo.recordPhotoVisible(db, viewer.userId, photo.userId, mediaUrl(photo));
  }

  return { maySee };
}

export type PhotoAccess = ReturnType<typeof createPhotoAccess>;
