/**
 * Messages between the server processes of one database, through PostgreSQL's LISTEN/NOTIFY.
 *
 * Several processes behind a load balancer share nothing but the database; what one process must
 * tell the others (a session cache to forget, a chat message to push) goes through it. A
 * notification is sent to every listening session of the database, the sender's included, once
 * the sending transaction commits. It is not stored: a process whose listening connection drops
 * misses what is sent meanwhile, so a listener is told when it stops and starts hearing
 * (`onLive`), and must act safely in between (a cache stops answering, a stream re-reads).
 *
 * On PGlite the database belongs to one process; the same calls work inside it.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { ScopedPool } from './scoped-connection.ts';
import pg from 'pg';

export interface Listener {
  /** A notification's payload. */
  onMessage(payload: string): void;
  /**
   * false when notifications may be missed from now on (the listening connection dropped), true
   * once they are heard again. Called with the current state as soon as the listener is added.
   */
  onLive?(live: boolean): void;
}

export interface Notifications {
  /** Sends `payload` (at most 8,000 bytes) to every listener of `channel`, in every process. */
  notify(channel: string, payload: string): Promise<void>;
  /** Listens on `channel` until the returned function is called. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /**
   * How many other processes of the database hear notifications now (their listening
   * connections): whom a sender waits for when it must know every process has heard it.
   */
  listeningPeers(): Promise<number>;
  close(): Promise<void>;
}

/** Channel names are identifiers in LISTEN; only these characters are accepted. */
function checkChannel(channel: string): string {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad notification channel ${channel}`);
  return channel;
}

/** PGlite: listening is a callback on the one client. */
export function pgliteNotifications(client: PGlite): Notifications {
  return {
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [checkChannel(channel), payload]);
    },
    async listen(channel, listener) {
      const stop = await client.listen(checkChannel(channel), (payload) => listener.onMessage(payload));
      listener.onLive?.(true);
      // PGlite's function takes an optional transaction: called with nothing, never with a caller's argument.
      return () => stop();
    },
    // The database belongs to this process: nobody else listens.
    listeningPeers: async () => 0,
    async close() {},
  };
}

/** The listening connection's application_name, as pg_stat_activity shows it. */
export const NOTIFICATIONS_APPLICATION = 'fp-notifications';

export interface PostgresNotificationsOptions {
  /** Wait before reconnecting a dropped listening connection, in ms. */
  retryMs?: number;
}

/**
 * PostgreSQL: one connection per process holds every LISTEN, opened with the first listener and
 * reopened when it drops (each listener hears false, then true once it listens again). Sending
 * goes through the pool.
 */
export function postgresNotifications(
  connectionString: string,
  pool: Pick<ScopedPool, 'query'>,
  options: PostgresNotificationsOptions = {},
): Notifications {
  const retryMs = options.retryMs ?? 1000;
  const channels = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const everyListener = () => [...channels.values()].flatMap((set) => [...set]);
  const setLive = (next: boolean) => {
    if (live === next) return;
    live = next;
    for (const l of everyListener()) l.onLive?.(next);
  };

  const dropped = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    setLive(false);
    c.end().catch(() => undefined);
    if (!closed && channels.size) retry ??= setTimeout(reconnect, retryMs);
  };

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString, application_name: NOTIFICATIONS_APPLICATION });
      c.on('error', () => dropped(c));
      c.on('end', () => dropped(c));
      c.on('notification', (n) => {
        for (const l of channels.get(n.channel) ?? []) l.onMessage(n.payload ?? '');
      });
      try {
        await c.connect();
        for (const channel of channels.keys()) await c.query(`listen ${channel}`);
      } catch (err) {
        c.end().catch(() => undefined);
        throw err;
      }
      client = c;
      setLive(true);
      return c;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function reconnect() {
    retry = undefined;
    if (closed || !channels.size) return;
    connect().catch(() => {
      if (!closed) retry ??= setTimeout(reconnect, retryMs);
    });
  }

  return {
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [checkChannel(channel), payload]);
    },
    async listen(channel, listener) {
      checkChannel(channel);
      const isNew = !channels.has(channel);
      const set = channels.get(channel) ?? new Set<Listener>();
      set.add(listener);
      channels.set(channel, set);
      listener.onLive?.(false);
      try {
        const c = await connect();
        if (isNew && client === c) await c.query(`listen ${channel}`);
        listener.onLive?.(live);
      } catch {
        // Not heard yet: the listener stays not live, and the connection is retried.
        retry ??= setTimeout(reconnect, retryMs);
      }
      return async () => {
        set.delete(listener);
        if (set.size) return;
        channels.delete(channel);
        await client?.query(`unlisten ${channel}`).catch(() => undefined);
      };
    },
    async listeningPeers() {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [NOTIFICATIONS_APPLICATION],
      );
      return Math.max(0, (rows[0]?.n ?? 0) - (client ? 1 : 0));
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      live = false;
      await c?.end().catch(() => undefined);
    },
  };
}
