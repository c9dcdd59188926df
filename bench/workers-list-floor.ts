/**
 * bench:workers's floors (workers-list.ts): the page's statements straight through the driver,
 * and a bare HTTP server that runs them.
 */
import http from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../apps/server/src/db/client.ts';
import type { PageStatement } from '../apps/server/src/modules/worker/large-list/page.ts';

/**
 * The transport floor: a bare node:http server in the same process as the app, on the same pool,
 * that runs the scenario's statements and answers their rows as JSON. No routing, session,
 * validation, mapping or compression: what any HTTP API in front of these statements costs.
 */
export async function serveFloor(database: Database) {
  const floor = {
    statements: [] as PageStatement[],
    server: http.createServer((_req, res) => {
      void (async () => {
        const results: unknown[] = [];
        for (const statement of floor.statements) results.push(await runDirect(database, statement));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(results));
      })().catch((err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      });
    }),
    close: () => new Promise<void>((resolve) => floor.server.close(() => resolve())),
  };
  await new Promise<void>((resolve) => floor.server.listen(0, '127.0.0.1', resolve));
  return floor;
}

/**
 * Runs a statement straight through the driver, as the API's ORM hands it over: on PostgreSQL
 * the same named prepared statement with the same values, on PGlite the same text and values.
 */
export async function runDirect(database: Database, statement: PageStatement): Promise<unknown[]> {
  if ('pool' in database) {
    const pool = database.pool as pg.Pool;
    return (await pool.query({ name: statement.name, text: statement.text, values: statement.values })).rows;
  }
  const client = (database as Database & { client: PGlite }).client;
  return (await client.query(statement.text, statement.values)).rows;
}
