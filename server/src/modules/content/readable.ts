/**
 * Whether a detail read may show an item (ADR 081, 082). `visible` is db/visibility.ts's
 * visibleTo, computed in the item's own query. Admins may also open an item a moderator hid,
 * if its author shared it with members at large: they review and unhide it. Private and
 * connections-only items stay their author's (and connections') even for admins; a report shows
 * those to them in the Reports tab.
 */
import type { Visibility } from '@common/schemas/visibility';

export interface ReadableRow {
  visible: boolean;
  visibility: Visibility;
  hiddenAt: Date | null;
}

export function mayRead(row: ReadableRow, isAdmin: boolean): boolean {
  return row.visible || (isAdmin && row.visibility === 'public' && row.hiddenAt !== null);
}
