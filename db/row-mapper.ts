/**
 * A prepared select's rows mapped by a function worked out once for its columns (issue 7). drizzle's
 * own mapping (mapResultRow) works out every column's decoder, its path in the result and the
 * left joins' null tables again for every row, through `is()`'s walk of class chains: ~1/5 of the
 * server's CPU on explore's page. This gives the same objects: the same decoders, the same nesting,
 * and a left-joined table's object set to null when the first of its columns is.
 */
import { Column, SQL, Subquery, getTableName, is } from 'drizzle-orm';

/** What drizzle's prepared select keeps of its columns (orderSelectedFields). */
export interface OrderedField {
  path: string[];
  field: unknown;
}

type Decode = (value: unknown) => unknown;
type Row = Record<string, unknown>;

interface MappedColumn {
  decode: Decode;
  /** The nested object the value goes in (`tip` for `tip.title`), if any. */
  parent: string | undefined;
  key: string;
  /** The first column of a left-joined table's object: when it is null, so is the object. */
  nullsParent: boolean;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** An SQL's decoder: set by `.mapWith()`, drizzle-internal (not in its types). */
const decoderIn = (sqlOf: unknown) => (sqlOf as { decoder: Decoder }).decoder;

/** The decoder drizzle's mapResultRow picks for a field. */
function decoderOf(field: unknown): Decode {
  const decoder: Decoder = is(field, Column)
    ? field
    : is(field, SQL)
      ? decoderIn(field)
      : is(field, Subquery)
        ? decoderIn(field._.sql)
        : decoderIn((field as SQL.Aliased).sql);
  return (value) => decoder.mapFromDriverValue(value);
}

/**
 * The columns whose null makes their object null, as mapResultRow decides: the first column of an
 * object (`tip: { ... }`) whose columns are all of one table, a table the joins may leave null.
 */
function objectNullingColumns(fields: OrderedField[], joinsNotNullableMap: Record<string, boolean> | undefined): Set<number> {
  if (!joinsNotNullableMap) return new Set();
  const objects = new Map<string, { table: string | false; first: number }>();
  fields.forEach(({ path, field }, index) => {
    if (!is(field, Column) || path.length !== 2) return;
    const table = getTableName(field.table);
    const object = objects.get(path[0]!);
    if (!object) objects.set(path[0]!, { table, first: index });
    else if (object.table !== table) object.table = false;
  });
  const columns = new Set<number>();
  for (const { table, first } of objects.values()) if (table !== false && !joinsNotNullableMap[table]) columns.add(first);
  return columns;
}

/**
 * Maps one row (its values in column order) to the object drizzle would give; null for objects
 * nested more than one level, rare in a select, which keep drizzle's own mapping.
 */
function compileRowMapper(
  fields: OrderedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): ((row: unknown[]) => Row) | null {
  if (fields.some(({ path }) => path.length > 2)) return null;
  const nulling = objectNullingColumns(fields, joinsNotNullableMap);
  const columns: MappedColumn[] = fields.map(({ path, field }, index) => ({
    decode: decoderOf(field),
    parent: path.length === 2 ? path[0] : undefined,
    key: path[path.length - 1]!,
    nullsParent: nulling.has(index),
  }));
  return (row) => {
    const result: Row = {};
    let nulled: string[] | undefined;
    for (let i = 0; i < columns.length; i++) {
      const { decode, parent, key, nullsParent } = columns[i]!;
      const raw = row[i];
      const value = raw === null ? null : decode(raw);
      if (parent === undefined) {
        result[key] = value;
        continue;
      }
      ((result[parent] ??= {}) as Row)[key] = value;
      if (nullsParent && value === null) (nulled ??= []).push(parent);
    }
    if (nulled) for (const parent of nulled) result[parent] = null;
    return result;
  };
}

interface DrizzlePreparedSelect {
  fields?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Gives a drizzle prepared select (node-postgres or PGlite) the compiled mapping, through the
 * hook drizzle's relational queries use (customResultMapper, read on every execute). Anything
 * else, or a select with its own mapper or deeper nesting, is returned untouched.
 */
export function withCompiledRowMapper<Query>(query: Query): Query {
  const q = query as DrizzlePreparedSelect;
  if (!q || typeof q !== 'object' || !Array.isArray(q.fields) || q.customResultMapper) return query;
  const map = compileRowMapper(q.fields as OrderedField[], q.joinsNotNullableMap);
  if (map) q.customResultMapper = (rows) => rows.map(map);
  return query;
}
