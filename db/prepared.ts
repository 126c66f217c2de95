/**
 * Queries built once per database handle, with placeholders for their values, and then only
 * executed (issue 7: on tip detail, building drizzle's SQL for every request took about a third
 * of the server's CPU; a prepared query keeps the SQL text and fills in the values).
 *
 *   const byId = preparedPerDb((db) => db.select().from(tips).where(eq(tips.id, sql.placeholder('id'))).prepare('tip_by_id'));
 *   const rows = await byId(db).execute({ id });
 *
 * Keyed weakly by the executor: the app's database keeps its queries for its life, a
 * transaction's go with the transaction. On PostgreSQL the name makes each a named statement,
 * as db/named-statements.ts does for the others (searches stay out of both). A select's rows are
 * mapped by a function compiled for its columns (db/row-mapper.ts).
 */
import type { Executor } from './client';
import { withCompiledRowMapper } from './row-mapper';

/** One query per shape: which optional conditions a call has (a filter, a cursor). */
export function preparedPerShape<Shape extends string, Query>(
  build: (db: Executor, shape: Shape) => Query,
): (db: Executor, shape: Shape) => Query {
  const built = new WeakMap<Executor, Map<Shape, Query>>();
  return (db, shape) => {
    let byShape = built.get(db);
    if (!byShape) {
      byShape = new Map();
      built.set(db, byShape);
    }
    let query = byShape.get(shape);
    if (!query) {
      query = withCompiledRowMapper(build(db, shape));
      byShape.set(shape, query);
    }
    return query;
  };
}

export function preparedPerDb<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const perShape = preparedPerShape<'only', Query>((db) => build(db));
  return (db) => perShape(db, 'only');
}
