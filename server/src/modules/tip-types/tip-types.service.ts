/** The tip categories as members see them (docs/product.md#the-admin-panel): ordered by name. Admin changes live in admin/. */
import type { TipType } from '@common/schemas/tip-type';
import type { Database } from '@db/client';
import * as repo from './tip-types.repository';

export function createTipTypesService(deps: { db: Database }) {
  const { db } = deps;

  async function list(): Promise<TipType[]> {
    const rows = await repo.listTipTypes(db);
    return rows.map((t) => ({ id: t.id, name: t.name, color: t.color, createdAt: t.createdAt.toISOString() }));
  }

  return { list };
}

export type TipTypesService = ReturnType<typeof createTipTypesService>;
