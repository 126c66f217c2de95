/**
 * Short admin connections to a PostgreSQL server, for tests and benches that make and drop their
 * own databases. Database names go into SQL as identifiers, so they are checked here, once.
 */
import pg from 'pg';

/** Connects, runs `work`, and always ends the connection. */
export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function checkedName(name: string): string {
  if (!/^\w+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return name;
}

/** `serverUrl` with its database replaced by `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${checkedName(name)}`;
  return url.toString();
}

/** An empty database, or a copy of `template` (which must have no open connection). */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  const copied = template === undefined ? '' : ` TEMPLATE ${checkedName(template)}`;
  await withPgClient(serverUrl, (c) => c.query(`CREATE DATABASE ${checkedName(name)}${copied}`));
}

/** Drops it even while connections are open (WITH (FORCE)); no error when it is missing. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withPgClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${checkedName(name)} WITH (FORCE)`));
}

export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  return withPgClient(
    serverUrl,
    async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1,
  );
}
