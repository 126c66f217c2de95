/**
 * All SQL of backups and restores (ADR 119). The tables are read from the catalog, not listed
 * here, so a table a later migration adds is backed up without a change to this file.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';

export interface TableShape {
  name: string;
  /** Stored columns in their order; generated ones are left out (the target computes them). */
  columns: string[];
  /** Sequences that give this table's ids (bigserial), set past the largest id after a load. */
  sequences: { column: string; sequence: string }[];
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const ident = (name: string): SQL => sql.raw(quoted(name));
const identList = (names: readonly string[]): SQL => sql.raw(names.map(quoted).join(', '));

/** The public schema's tables, each after the tables its foreign keys name (so a load never waits on one). */
export async function tableShapes(db: Executor): Promise<TableShape[]> {
  const columns = await executeRows<{ table: string; column: string; sequence: string | null }>(
    db,
    sql`
    select c.relname as "table", a.attname as "column",
           pg_get_serial_sequence(quote_ident(c.relname), a.attname) as "sequence"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where c.relkind in ('r', 'p')
    order by c.relname, a.attnum`,
  );
  const references = await executeRows<{ table: string; references: string }>(
    db,
    sql`
    select c.conrelid::regclass::text as "table", c.confrelid::regclass::text as "references"
    from pg_constraint c
    join pg_namespace n on n.oid = c.connamespace and n.nspname = 'public'
    where c.contype = 'f' and c.conrelid <> c.confrelid`,
  );
  const shapes = new Map<string, TableShape>();
  for (const row of columns) {
    const shape = shapes.get(row.table) ?? { name: row.table, columns: [], sequences: [] };
    shape.columns.push(row.column);
    if (row.sequence) shape.sequences.push({ column: row.column, sequence: row.sequence });
    shapes.set(row.table, shape);
  }
  return dependencyOrder([...shapes.values()], references);
}

function dependencyOrder(shapes: TableShape[], references: { table: string; references: string }[]): TableShape[] {
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const needs = new Map(shapes.map((s) => [s.name, new Set<string>()]));
  for (const r of references) needs.get(unquote(r.table))?.add(unquote(r.references));
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const byName = [...shapes].sort((a, b) => a.name.localeCompare(b.name));
  while (ordered.length < shapes.length) {
    const ready = byName.filter((s) => !placed.has(s.name) && [...(needs.get(s.name) ?? [])].every((n) => placed.has(n)));
    // A cycle of foreign keys between tables: none today; a migration that adds one must say how to load it.
    if (ready.length === 0) throw new Error('backup: the tables reference each other in a cycle');
    for (const s of ready) {
      ordered.push(s);
      placed.add(s.name);
    }
  }
  return ordered;
}

/** The migrations applied to this database, oldest first (drizzle's own record). */
export async function appliedMigrations(db: Executor): Promise<{ hash: string; createdAt: string }[]> {
  const [exists] = await executeRows<{ isThere: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "isThere"`,
  );
  if (!exists?.isThere) return [];
  return executeRows(
    db,
    sql`select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at, id`,
  );
}

/**
 * Reads a table's rows as JSON texts, `pageSize` at a time, through a cursor: one pass over the
 * table, inside the caller's transaction (the snapshot every table is read in).
 */
export async function* tableRows(tx: Executor, table: TableShape, pageSize: number): AsyncGenerator<string[]> {
  const fields = sql.raw(table.columns.map((c) => `t.${quoted(c)}`).join(', '));
  await tx.execute(sql`
    declare waymark_backup no scroll cursor for
    select row_to_json(r)::text as "row" from ${ident(table.name)} t cross join lateral (select ${fields}) r`);
  try {
    for (;;) {
      const page = await executeRows<{ row: string }>(tx, sql`fetch ${sql.raw(String(pageSize))} from waymark_backup`);
      if (page.length === 0) return;
      yield page.map((r) => r.row);
    }
  } finally {
    await tx.execute(sql`close waymark_backup`);
  }
}

/** Every photo URL the database names (tips, guides, profile pictures). */
export async function namedPhotoUrls(db: Executor): Promise<string[]> {
  const rows = await executeRows<{ url: string }>(
    db,
    sql`
    select unnest(photo_urls) as url from tips
    union select unnest(photo_urls) from guides
    union select profile_picture_url from profiles where profile_picture_url is not null`,
  );
  return rows.map((r) => r.url);
}

/** True when the public schema has any table: a database restored into must have none. */
export async function hasTables(db: Executor): Promise<boolean> {
  const [row] = await executeRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from pg_tables where schemaname = 'public'`,
  );
  return (row?.count ?? 0) > 0;
}

/** Empties every table (what migrations and the first start seeded), in one statement. */
export async function emptyTables(db: Executor, tables: readonly TableShape[]): Promise<void> {
  if (tables.length === 0) return;
  await db.execute(sql`truncate ${identList(tables.map((t) => t.name))} restart identity cascade`);
}

/**
 * Inserts rows given as JSON objects. The table's own triggers are off meanwhile (setTriggers):
 * the rows arrive with their counters, search texts and lists as they were, and a trigger would
 * count them twice.
 */
export async function insertRows(db: Executor, table: TableShape, rows: readonly string[]): Promise<void> {
  if (rows.length === 0) return;
  const names = identList(table.columns);
  await db.execute(sql`
    insert into ${ident(table.name)} (${names})
    select ${names} from json_populate_recordset(null::${ident(table.name)}, ${`[${rows.join(',')}]`}::json)`);
}

/** Turns the table's own triggers off or on (ALTER TABLE needs its owner: the role that migrated it). */
export async function setTriggers(db: Executor, table: TableShape, isOn: boolean): Promise<void> {
  await db.execute(sql`alter table ${ident(table.name)} ${sql.raw(isOn ? 'enable' : 'disable')} trigger user`);
}

/** Moves each id sequence past the largest id loaded, so the next insert does not collide. */
export async function resetSequences(db: Executor, table: TableShape): Promise<void> {
  for (const { column, sequence } of table.sequences) {
    await db.execute(sql`
      select setval(${sequence}::regclass, coalesce((select max(${ident(column)}) from ${ident(table.name)}), 0) + 1, false)`);
  }
}
