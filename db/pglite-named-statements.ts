/**
 * PGlite's query() sends every statement unnamed, so PostgreSQL parses and plans it again on
 * each call: 0.9 ms of the 1.5 ms explore's page statement takes (bench data set). This gives
 * PGlite what node-postgres gives the server (named-statements.ts): a repeated parameterised
 * statement, or a read, is parsed once under its name, then only bound and executed, and
 * PostgreSQL may keep a generic plan. It speaks the extended protocol with PGlite's own serializer and result
 * parser, as query() does, under the same locks, both outside and inside transactions.
 */
import { type PGlite, type QueryOptions, type Results, type Transaction, parse, protocol } from '@electric-sql/pglite';
import { nameOfStatement } from './named-statements';

type BackendMessages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

export function nameStatementsOfPglite(client: PGlite): void {
  const query = client.query.bind(client);
  /** The parameter types of each statement prepared so far, by name. */
  const prepared = new Map<string, number[]>();
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function prepare(name: string, text: string, options?: QueryOptions): Promise<number[]> {
    const known = prepared.get(name);
    if (known) return known;
    try {
      await send(protocol.serialize.parse({ name, text, types: options?.paramTypes }));
      const types = parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: 'S', name })));
      prepared.set(name, types);
      return types;
    } finally {
      await send(protocol.serialize.sync());
    }
  }

  async function run<T>(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const types = await prepare(name, text, options);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
      if (serialize) return serialize(value);
      // No serializer for the type: a scalar's text form, as PGlite's own query path sends it.
      const scalar = value as string | number | bigint | boolean;
      return String(scalar);
    });
    const messages: BackendMessages = [];
    try {
      messages.push(...(await send(protocol.serialize.bind({ statement: name, values }))));
      messages.push(...(await send(protocol.serialize.describe({ type: 'P' }))));
      messages.push(...(await send(protocol.serialize.execute({}))));
    } finally {
      messages.push(...(await send(protocol.serialize.sync())));
    }
    // query() writes the database files out after each statement outside a transaction.
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  const nameOf = (text: string, params?: unknown[], options?: QueryOptions) =>
    options?.blob ? undefined : nameOfStatement(text, params);

  client.query = (<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const name = nameOf(text, params, options);
    if (!name) return query<T>(text, params, options);
    // The transaction lock first, as query() takes it: a statement never runs inside another's transaction.
    return client
      ._checkReady()
      .then(() =>
        client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<T>(name, text, params ?? [], options, false))),
      );
  }) as PGlite['query'];

  // A transaction's statements: it holds the transaction lock already, as its own query() assumes.
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(work: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (<R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
        const name = nameOf(text, params, options);
        if (!name) return txQuery<R>(text, params, options);
        if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
        return client._runExclusiveQuery(() => run<R>(name, text, params ?? [], options, true));
      }) as Transaction['query'];
      return work(tx);
    });
}
