import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { ScopeChangeInTransactionError, scopeKey, scopeSql, type ConnectionScope } from './scope.ts';

/**
 * The database adapter of ADR 0025: before a statement runs, its connection is put in the scope
 * of the code that runs it (db/scope.ts): the role and `app.company_id`. Each connection
 * remembers the scope it is in, so the setting costs a round trip only when the scope changes
 * (a pooled connection handed from one company to another). Outside a transaction the scope is
 * set at session level; a transaction keeps the scope it began in, and a statement of another
 * scope inside it is refused (a rollback would otherwise undo the setting behind our back).
 */

const TX_START = /^\s*(begin|start\s+transaction)\b/i;
const TX_END = /^\s*(commit|end|rollback)\b(?!\s+to\b)/i;

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

// ---------------------------------------------------------------------------------------------
// node-postgres: a pool view per scope resolver, over one shared pg.Pool.

interface ConnectionState {
  applied: string | undefined;
  inTransaction: boolean;
}
const states = new WeakMap<pg.PoolClient, ConnectionState>();

function stateOf(client: pg.PoolClient): ConnectionState {
  let state = states.get(client);
  if (!state) {
    state = { applied: undefined, inTransaction: false };
    states.set(client, state);
  }
  return state;
}

async function ensureScope(client: pg.PoolClient, scope: ConnectionScope): Promise<void> {
  const state = stateOf(client);
  const key = scopeKey(scope);
  if (state.applied === key) return;
  if (state.inTransaction) throw new ScopeChangeInTransactionError(state.applied ?? '?', key);
  state.applied = undefined;
  await client.query(scopeSql(scope));
  state.applied = key;
}

/** A connection error (no SQLSTATE): the connection is dropped rather than reused. */
function brokenConnection(err: unknown): Error | undefined {
  if (!(err instanceof Error)) return undefined;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? undefined : err;
}

/** The 'error' listener of a checked-out connection (see `ScopedPool.connect`). */
const ignoreDroppedConnection = () => {};

type QueryArgs = [query: unknown, values?: unknown];

/** A checked-out connection as Drizzle uses it: query and release. */
export interface ScopedClient {
  query(...args: QueryArgs): Promise<pg.QueryResult>;
  release(err?: Error | boolean): void;
}

/**
 * What Drizzle's node-postgres driver and pg-boss are given instead of the pool. Drizzle opens a
 * transaction on a connection of its own when the client's class name says Pool.
 */
export class ScopedPool {
  constructor(
    readonly pool: pg.Pool,
    private readonly resolve: () => ConnectionScope,
  ) {}

  async connect(): Promise<ScopedClient> {
    const raw = await this.pool.connect();
    // The pool listens for a connection's 'error' only while it is idle: one that drops while
    // checked out (the server restarting, its session terminated) would end the process with an
    // unhandled 'error' event. The statement in flight fails on its own promise, and the pool
    // drops the connection when it comes back (it is no longer queryable); a new one starts with
    // no scope applied.
    raw.on('error', ignoreDroppedConnection);
    const giveBack = (err?: Error | boolean) => {
      raw.removeListener('error', ignoreDroppedConnection);
      raw.release(err);
    };
    try {
      await ensureScope(raw, this.resolve());
    } catch (err) {
      giveBack(brokenConnection(err) ?? (err instanceof ScopeChangeInTransactionError ? undefined : true));
      throw err;
    }
    const state = stateOf(raw);
    return {
      query: async (query, values) => {
        await ensureScope(raw, this.resolve());
        const text = textOf(query);
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads take a config or a text
        const result = (await raw.query(query as any, values as any[] | undefined)) as pg.QueryResult;
        if (TX_START.test(text)) state.inTransaction = true;
        else if (TX_END.test(text)) state.inTransaction = false;
        return result;
      },
      release: (err) => {
        // A connection given back inside a transaction (a failed rollback) is not reused.
        giveBack(state.inTransaction ? true : err);
      },
    };
  }

  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    query: unknown,
    values?: unknown,
  ): Promise<pg.QueryResult<R>> {
    const client = await this.connect();
    let failure: unknown;
    try {
      return (await client.query(query, values)) as pg.QueryResult<R>;
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      client.release(brokenConnection(failure));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// PGlite: one connection, so setting the scope and running the statement must not be split by
// another caller's statement. Every view of the connection shares one queue and one state.

export interface PgliteScopes {
  /** The client for Drizzle and pg-boss, in the scope `resolve` answers at each call. */
  view(resolve: () => ConnectionScope): PGlite;
}

export function pgliteScopes(client: PGlite): PgliteScopes {
  let applied: string | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => {});
    return run;
  };
  const ensure = async (scope: ConnectionScope) => {
    const key = scopeKey(scope);
    if (applied === key) return key;
    applied = undefined;
    await client.exec(scopeSql(scope));
    applied = key;
    return key;
  };
  const guard = (tx: Transaction, key: string, resolve: () => ConnectionScope): Transaction => {
    const check = () => {
      const now = scopeKey(resolve());
      if (now !== key) throw new ScopeChangeInTransactionError(key, now);
    };
    return new Proxy(tx, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        if (prop === 'query' || prop === 'exec' || prop === 'sql')
          return (...args: unknown[]) => {
            check();
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  };

  return {
    view(resolve) {
      return new Proxy(client, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target) as unknown;
          if (typeof value !== 'function') return value;
          const method = value as (...a: unknown[]) => Promise<unknown>;
          if (prop === 'query' || prop === 'exec' || prop === 'sql')
            return (...args: unknown[]) =>
              exclusive(async () => {
                await ensure(resolve());
                return method.apply(target, args);
              });
          if (prop === 'transaction')
            return (callback: (tx: Transaction) => Promise<unknown>) =>
              exclusive(async () => {
                const key = await ensure(resolve());
                return target.transaction((tx) => callback(guard(tx, key, resolve)));
              });
          return method.bind(target);
        },
      });
    },
  };
}
