/** The PostgreSQL side of backups: connecting for the tools, and emptying and preparing a target. */
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows, type Database } from '../db/client.ts';

/** Connection arguments for the PostgreSQL tools: the URL without its password, which goes in the environment. */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** The PostgreSQL database of `url`, answering; or an error in Chinese with the driver's reason. */
export async function connectPostgres(url: string, poolSize: number): Promise<Database> {
  const database = openPostgres(url, poolSize);
  try {
    await database.db.execute(sql`select 1`);
    return database;
  } catch (err) {
    await database.close();
    let reason: unknown = err;
    while (reason instanceof Error && reason.cause) reason = reason.cause;
    const name = new URL(url).pathname.slice(1);
    throw new Error(`无法连接数据库 ${name}：${reason instanceof Error ? reason.message : String(reason)}`, {
      cause: err,
    });
  }
}

export async function serverMajor(database: Database): Promise<number> {
  const [row] = await queryRows<{ v: string }>(database.db, sql`show server_version_num`);
  return Math.floor(Number(row?.v ?? 0) / 10_000);
}

/** Relations, functions and types of the schemas a restore brings (any but PostgreSQL's own). */
export async function userObjects(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select ((select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
                    and n.nspname not like 'pg_temp%')
              + (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                  where n.nspname not in ('pg_catalog', 'information_schema')))::int as n`,
  );
  return row?.n ?? 0;
}

/** Drops every schema but PostgreSQL's own, and makes `public` again, empty. */
export async function dropEverything(database: Database): Promise<void> {
  const schemas = await queryRows<{ name: string }>(
    database.db,
    sql`select nspname as name from pg_namespace
         where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg_toast%'
           and nspname not like 'pg_temp%'`,
  );
  for (const { name } of schemas) await database.db.execute(sql`drop schema ${sql.identifier(name)} cascade`);
  await database.db.execute(sql`create schema if not exists public`);
}

/**
 * The cluster-wide roles of migration 0049, which a dump names but does not create, made where
 * missing (the same statement as the migration) and granted to the connecting role where it is not
 * a member yet: a role that may not create roles can still restore into a cluster that has them.
 */
export async function ensureRoles(database: Database): Promise<void> {
  for (const role of ['flexpay_app', 'flexpay_platform']) {
    const [state] = await queryRows<{ exists: boolean; member: boolean }>(
      database.db,
      sql`select exists (select 1 from pg_roles where rolname = ${role}) as exists,
                 exists (select 1 from pg_roles where rolname = ${role} and pg_has_role(current_user, oid, 'MEMBER')) as member`,
    );
    if (!state?.exists) {
      await database.db.execute(
        sql.raw(
          `DO $$ BEGIN CREATE ROLE ${role} NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
        ),
      );
    }
    if (!state?.member) await database.db.execute(sql`grant ${sql.identifier(role)} to current_user`);
  }
}
