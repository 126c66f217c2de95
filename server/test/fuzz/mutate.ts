/**
 * "Near-valid" inputs: a valid value with one to three fields changed, dropped or added, so most
 * requests pass validation partly or wholly and reach the services and the database.
 */
import fc from 'fast-check';

type Path = (string | number)[];

export type Mutation =
  | { kind: 'set'; at: number; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'add'; at: number; key: string; value: unknown };

/** Every path to a field or array element of `value` (the root excluded). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  }
  return [];
}

/** Objects (the root included) an unknown field can be added to. */
function objectPathsOf(value: unknown): Path[] {
  const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  return [[], ...pathsOf(value)].filter((p) => isObject(get(value, p)));
}

function get(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
}

function apply(root: unknown, m: Mutation): unknown {
  if (m.kind === 'add') {
    const targets = objectPathsOf(root);
    if (targets.length === 0) return root;
    const target = get(root, targets[m.at % targets.length]!) as Record<string, unknown>;
    Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    return root;
  }
  const paths = pathsOf(root);
  if (paths.length === 0) return m.kind === 'set' ? m.value : root;
  const path = paths[m.at % paths.length]!;
  const parent = get(root, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  if (m.kind === 'set') parent[key] = m.value;
  else if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete parent[key];
  return root;
}

export function mutation(values: fc.Arbitrary<unknown>, keys: fc.Arbitrary<string>): fc.Arbitrary<Mutation> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: values }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('add' as const), at: fc.nat(), key: keys, value: values }) },
  );
}

/** `valid` as is (a quarter of the time) or with one to three mutations. */
export function nearValid(
  valid: fc.Arbitrary<unknown>,
  values: fc.Arbitrary<unknown>,
  keys: fc.Arbitrary<string>,
): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.oneof(
        { weight: 1, arbitrary: fc.constant([]) },
        { weight: 3, arbitrary: fc.array(mutation(values, keys), { minLength: 1, maxLength: 3 }) },
      ),
    )
    .map(([v, ms]) => ms.reduce<unknown>((acc, m) => apply(acc, m), structuredClone(v)));
}
