/**
 * A pooled connection whose session ends while the app holds it (the server restarting, an
 * operator's pg_terminate_backend): the statement fails as the database being away, the process
 * goes on (node-postgres emits 'error' on a checked-out connection, which would end it with no
 * listener), and the next statement runs on a new connection in its scope. PostgreSQL only: PGlite
 * has no sessions to end. The fault tier (test-fault/) restarts the whole server.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/client.ts';
import { isDatabaseUnavailable } from '../../src/db/connection-errors.ts';
import { asPlatform, inCompany } from '../../src/db/scope.ts';
import { createTestDatabase } from '../helpers.ts';

const postgres = Boolean(process.env.TEST_DATABASE_URL);
let database: Database;

beforeAll(async () => {
  if (postgres) database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe.runIf(postgres)('a connection dropped while checked out', () => {
  it('fails its statement as the database away, keeps the process, and the next statement reconnects', async () => {
    const { appDb, db } = database;
    const [company] = await queryRows<{ id: string }>(db, sql`select min(id) as id from company`);
    const companyId = Number(company?.id);
    let failure: unknown;
    await inCompany(companyId, () =>
      appDb.transaction(async (tx) => {
        const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await db.execute(sql`select pg_terminate_backend(${me?.pid})`);
        // The session is gone under the transaction: the 'error' reaches the connection now.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await queryRows(tx, sql`select 1`);
      }),
    ).catch((err: unknown) => {
      failure = err;
    });
    expect(failure).toBeDefined();
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    // A new connection, put in the scope of whoever uses it next.
    const seen = await inCompany(companyId, () =>
      queryRows<{ company: string; role: string }>(
        appDb,
        sql`select current_setting('app.company_id') as company, current_user as role`,
      ),
    );
    expect(seen[0]?.company).toBe(String(companyId));
    const platform = await asPlatform('the test reads every company', () =>
      queryRows<{ n: number }>(appDb, sql`select count(distinct company_id)::int as n from worker`),
    );
    expect(platform[0]?.n).toBeGreaterThan(1);
  });
});
