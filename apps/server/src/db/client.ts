import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgliteNotifications, postgresNotifications, type Notifications } from './notifications.ts';
import { currentScope, OWNER_SCOPE } from './scope.ts';
import { pgliteScopes, ScopedPool } from './scoped-connection.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is under it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handed to `db.transaction(...)` callbacks. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either; repositories accept both so that services decide where the transaction is. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  /**
   * The connecting role's database: migrations, the tests' own fixtures and checks, the tools.
   * Not the app's: its statements bypass nothing only because that role is the tables' owner
   * (forced policies apply to it too, so it sees no tenant row unless it is a superuser).
   */
  db: Db;
  /**
   * The app's database: each statement runs as `flexpay_app` or `flexpay_platform` in the
   * scope of the code that runs it (db/scope.ts, ADR 0025), under the tables' row-level security.
   */
  appDb: Db;
  /** The client pg-boss runs on: the connecting role, which owns pg-boss's schema. */
  jobsClient: unknown;
  kind: DatabaseKind;
  /** Messages to every server process of this database (db/notifications.ts). */
  notifications: Notifications;
  /** Applies pending migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
const MIGRATIONS_TABLE = { migrationsSchema: 'drizzle', migrationsTable: '__drizzle_migrations' } as const;

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `数据目录已被另一个进程 (PID ${pid}) 使用，锁文件 ${lockFile}。` +
        '同一个 PGlite 数据目录只能由一个服务进程打开；请先停止该进程，或为本进程设置不同的 DATA_DIR。',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on a PGlite data directory. PGlite is one process's embedded
 * database: a second process writing the same files would corrupt them, so it must not open.
 * A lock left by a process that no longer runs is taken over.
 */
const heldLocks = new Set<string>();

export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = join(dir, 'server.lock');
  if (heldLocks.has(lockFile)) throw new DataDirLockedError(lockFile, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldLocks.add(lockFile);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldLocks.delete(lockFile);
        process.off('exit', release);
        rmSync(lockFile, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      // Our own pid in a lock we do not hold is a leftover of an earlier process that had the
      // same pid (containers restart as pid 1): stale, like the lock of a dead process.
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(lockFile, pid);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`无法获取数据目录锁 ${lockFile}`);
}

export interface PgliteOptions {
  /** Directory of the database files; omitted for an in-memory database. */
  dataDir?: string;
  /** A `dumpDataDir()` tarball to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database & { client: PGlite }> {
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const client = await PGlite.create({
      ...(options.dataDir ? { dataDir: join(options.dataDir, 'pglite') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const scopes = pgliteScopes(client);
    const owner = scopes.view(() => OWNER_SCOPE);
    return {
      db: drizzlePglite(owner, { schema }) as unknown as Db,
      appDb: drizzlePglite(scopes.view(currentScope), { schema }) as unknown as Db,
      jobsClient: owner,
      client,
      kind: 'pglite',
      notifications: pgliteNotifications(client),
      migrate: () =>
        migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR, ...MIGRATIONS_TABLE }),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

export function openPostgres(connectionString: string, poolSize = 10): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection the server ends (a restart, pg_terminate_backend, a dropped database) is
  // an 'error' of the pool: without a listener it would end the process. The pool has already
  // discarded that connection and opens a new one for the next query; a query that was running
  // fails on its own promise.
  pool.on('error', () => {});
  const owner = new ScopedPool(pool, () => OWNER_SCOPE);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Drizzle's driver takes a pg client; ScopedPool is one in the calls it makes
  const asClient = (p: ScopedPool) => p as any;
  const notifications = postgresNotifications(connectionString, owner);
  return {
    db: drizzlePg(asClient(owner), { schema }) as unknown as Db,
    appDb: drizzlePg(asClient(new ScopedPool(pool, currentScope)), { schema }) as unknown as Db,
    jobsClient: owner,
    pool,
    kind: 'postgres',
    notifications,
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR, ...MIGRATIONS_TABLE }),
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
}

/** PostgreSQL when a URL is given, PGlite under the data dir otherwise. */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite({ dataDir: options.dataDir });
}

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`; the shared `Db` type cannot say so
 * because its result type is generic over the driver.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Number of migrations in the journal (what a database of this build must have applied). */
export function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Number of migrations in the journal and number applied to the database. */
export async function migrationStatus(db: Db): Promise<{ applied: number; expected: number }> {
  const [exists] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  let applied = 0;
  if (exists?.present) {
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    applied = count?.n ?? 0;
  }
  return { applied, expected: expectedMigrations() };
}

/**
 * The SQLSTATE of a failed query (`23505` unique, `23503` foreign key), from the driver error
 * that Drizzle wraps in `cause`; the same on PGlite and PostgreSQL.
 */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
