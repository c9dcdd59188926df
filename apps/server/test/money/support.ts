import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client.ts';
import { uploadTo } from '../files.ts';
import { caller, freshIp, solveCaptcha, type Reply } from '../helpers.ts';

/** A 1×1 PNG: a real image for the voucher upload. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export async function opsLogin(app: FastifyInstance, username = 'ops', password = 'Ops@123456'): Promise<string> {
  const client = caller(app, undefined, freshIp());
  let res = await client.post('/api/ops/auth/login', { username, password });
  // Earlier failures on the account ask for the image captcha, as the real operator would pass it.
  if (res.body.message === '请输入图形验证码') {
    const { token, svg } = (await client.get('/api/admin/vcc/code')).body.data as { token: string; svg: string };
    res = await client.post('/api/ops/auth/login', { username, password, token, code: solveCaptcha(svg) });
  }
  if (res.body.status !== 200) throw new Error(`ops login failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}

export async function uploadVoucher(
  app: FastifyInstance,
  token: string,
  name = '凭证.png',
  // Each voucher's own content by default: one voucher's content backs one open top-up.
  content: Buffer | string = Buffer.concat([PNG, Buffer.from(randomUUID())]),
) {
  const res = await uploadTo(app, token, '/api/admin/file/upload', { name, content });
  if (res.body.status !== 200) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}

/** POST/PUT with an Idempotency-Key header. */
export async function sendWithKey(
  app: FastifyInstance,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  key: string | undefined,
  payload: unknown = {},
): Promise<Reply & { headers: Record<string, unknown> }> {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as Record<string, unknown>,
  });
  return { statusCode: res.statusCode, body: res.json(), headers: res.headers };
}

export const newKey = () => `k-${randomUUID()}`;

export async function idOf(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number | string }>(db, query);
  if (!row) throw new Error('no row');
  return Number(row.id);
}

export const companyId = (db: Db, name: string) => idOf(db, sql`select id from company where name = ${name}`);
export const serviceCompanyId = (db: Db, name: string) =>
  idOf(db, sql`select id from service_company where name = ${name}`);
