import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/client.ts';
import { insertByColumns } from '../../src/db/insert-columns.ts';
import { accessLog, serverLog } from '../../src/db/schema/index.ts';
import { asPlatform } from '../../src/db/scope.ts';
import { createTestDatabase } from '../helpers.ts';

/** One INSERT of column arrays (网关日志's writer): every type, NULL and text survive as written. */
describe('insertByColumns', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('writes each row as given, in one statement with one parameter per column', async () => {
    const at = new Date('2026-11-29T01:02:03.456Z');
    const rows = [
      {
        at,
        process: 'p1',
        level: 50,
        requestId: 'r-1',
        message: '数据库不可用',
        detail: '{"a":"逗号, 引号\\" 与 {大括号}"}',
      },
      { at: new Date(at.getTime() + 1), process: 'p2', level: 40, requestId: 'r-2', message: '', detail: 'NULL' },
    ];
    const statement = insertByColumns(serverLog, rows);
    const { params } = new PgDialect().sqlToQuery(statement);
    expect(params).toHaveLength(6);
    await asPlatform('test', () => database.appDb.execute(statement));
    const back = await queryRows<{ at: Date; process: string; level: number; message: string; detail: string }>(
      database.db,
      sql`select at, process, level, message, detail from server_log where request_id in ('r-1', 'r-2') order by request_id`,
    );
    expect(back.map((r) => ({ ...r, at: new Date(r.at).toISOString() }))).toEqual(
      rows.map(({ at: time, process, level, message, detail }) => ({
        at: time.toISOString(),
        process,
        level,
        message,
        detail,
      })),
    );
  });

  it('writes NULL, numbers and real values as given', async () => {
    const at = new Date('2026-11-29T02:00:00.001Z');
    const row = {
      at,
      process: 'p',
      realm: 'public',
      callerCompanyId: null,
      adminId: null,
      operatorId: 7,
      method: 'GET',
      route: '',
      path: '/api/无',
      status: 404,
      code: null,
      latencyMs: 3.25,
      bytes: 0,
      ip: '::1',
      requestId: 'r-null',
      userAgent: '',
    };
    await asPlatform('test', () => database.appDb.execute(insertByColumns(accessLog, [row])));
    const [back] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select caller_company_id, operator_id, path, status, code, latency_ms, bytes from access_log where request_id = 'r-null'`,
    );
    expect(back).toEqual({
      caller_company_id: null,
      operator_id: expect.anything(),
      path: '/api/无',
      status: 404,
      code: null,
      latency_ms: 3.25,
      bytes: 0,
    });
    expect(Number(back?.operator_id)).toBe(7);
  });

  it('refuses an empty batch', () => {
    expect(() => insertByColumns(serverLog, [])).toThrow(RangeError);
  });
});
