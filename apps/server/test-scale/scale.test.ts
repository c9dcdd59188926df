/**
 * Scale-out tier (issue 29, `npm run test:scale`): two server processes on one PostgreSQL behind
 * nginx (deploy/nginx.conf), every check made through nginx. Each answer names the process that
 * served it (X-Served-By), so each check shows that both processes took part.
 */
import { randomUUID } from 'node:crypto';
import { API, apiPath, Code } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { chinaDateOf } from '../src/lib/china-time.ts';
import { createFieldCipher } from '../src/lib/crypto.ts';
import { postTransfer, verifyLedger } from '../src/modules/ledger/service.ts';
import { addWorkerItems, insertBatch } from '../src/modules/payroll/batches/service.ts';
import { runSubmit } from '../src/modules/payroll/batches/submission.ts';
import { runCheck } from '../src/modules/payroll/batches/check.ts';
import { payrollApprovalOutcomes } from '../src/seed/payroll.ts';
import { createRng, generateWorker, insertGeneratedWorkers } from '../src/seed/workers.ts';
import { PNG_BYTES, multipartBody } from '../test/files.ts';
import { TEST_ENCRYPTION_KEY } from '../test/keys.ts';
import { waitFor } from '../test/wait-for.ts';
import { startCluster, type Cluster, type ProcessName } from './cluster.ts';

const url = process.env.TEST_DATABASE_URL;
const template = inject('pgTemplate');
if (!url || !template)
  throw new Error('test:scale 需要 PostgreSQL：设置 TEST_DATABASE_URL（例如 postgres://postgres@127.0.0.1:5432/test）');

const ITEMS = 1_000;

interface Answer<T = unknown> {
  http: number;
  servedBy: ProcessName;
  status: number;
  message?: string;
  data: T;
  bytes: Buffer;
  headers: Headers;
}

let cluster: Cluster;

/** One request through nginx. */
async function call<T = unknown>(
  method: string,
  path: string,
  {
    token,
    json,
    body,
    headers = {},
  }: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const res = await fetch(`${cluster.base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: json === undefined ? (body ? new Uint8Array(body) : undefined) : JSON.stringify(json),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const servedBy = res.headers.get('x-served-by') as ProcessName;
  const envelope = res.headers.get('content-type')?.includes('json')
    ? (JSON.parse(bytes.toString()) as { status: number; message?: string; data: T })
    : { status: res.status, data: undefined as T };
  return { http: res.status, servedBy, ...envelope, bytes, headers: res.headers };
}

/** Repeats `request` until an answer comes from `from` (or any process when unset), at most 20 times. */
async function until<T>(
  request: () => Promise<Answer<T>>,
  from: ProcessName | ((a: Answer<T>) => boolean),
): Promise<Answer<T>> {
  for (let i = 0; i < 20; i++) {
    const answer = await request();
    if (typeof from === 'function' ? from(answer) : answer.servedBy === from) return answer;
  }
  throw new Error(`no answer from ${String(from)} in 20 requests`);
}

const other = (p: ProcessName): ProcessName => (p === 'a' ? 'b' : 'a');

async function login(username: string): Promise<{ token: string; by: ProcessName }> {
  const res = await call<string>('POST', API.auth.login, { json: { username, password: 'Demo@123456' } });
  expect(res.status, res.message).toBe(200);
  return { token: res.data, by: res.servedBy };
}

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(cluster.db, query))[0]?.n ?? 0);

beforeAll(async () => {
  cluster = await startCluster({ url, template, tag: `scale_${process.pid}` });
}, 180_000);
afterAll(async () => {
  await cluster?.close();
});

describe('two processes behind nginx', () => {
  it('both serve, each naming itself', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) seen.add((await call('GET', API.system.health)).servedBy);
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  it('a token signed in through one process is accepted by the other', async () => {
    const { token, by } = await login('demo');
    const there = await until(() => call('GET', API.user.info, { token }), other(by));
    expect(there.status).toBe(200);
  });

  it('a sign-out through one process is refused by the other at once', async () => {
    const { token } = await login('finance');
    // Both processes have served (and cached) the session.
    const served = new Set<ProcessName>();
    for (let i = 0; i < 6; i++) {
      const res = await call('GET', API.user.info, { token });
      expect(res.status).toBe(200);
      served.add(res.servedBy);
    }
    expect(served.size).toBe(2);
    const out = await call('POST', API.auth.logout, { token, json: { token } });
    expect(out.status).toBe(200);
    const after = new Set<ProcessName>();
    for (let i = 0; i < 4; i++) {
      const res = await call('GET', API.user.info, { token });
      expect(res.status).toBe(Code.SESSION_REVOKED);
      after.add(res.servedBy);
    }
    expect(after.has(other(out.servedBy))).toBe(true);
  });

  it('a file uploaded through one process is downloaded through the other', async () => {
    const { token } = await login('demo');
    const form = multipartBody({ name: 'logo.png', content: PNG_BYTES, contentType: 'image/png' });
    const up = await call<{ id: string }>('POST', API.file.upload, {
      token,
      body: form.payload,
      headers: form.headers,
    });
    expect(up.status, up.message).toBe(200);
    const got = await until(
      () => call('GET', apiPath(API.file.one, { id: up.data.id }), { token }),
      other(up.servedBy),
    );
    expect(got.http).toBe(200);
    expect(got.bytes.equals(PNG_BYTES)).toBe(true);
  });

  it('an export started through one process is downloaded through the other', async () => {
    const { token } = await login('demo');
    const started = await call<{ id: string }>('POST', API.worker.export, { token, json: {} });
    expect(started.status, started.message).toBe(200);
    const id = started.data.id;
    await waitFor(
      () => call<{ rows: { id: string; status: string }[] }>('GET', `${API.export.page}?limit=50`, { token }),
      (res) => res.data.rows.find((e) => e.id === id)?.status === 'done',
      { what: `export ${id}`, timeoutMs: 60_000, intervalMs: 200 },
    );
    const got = await until(
      () => call('GET', apiPath(API.export.download, { id }), { token }),
      other(started.servedBy),
    );
    expect(got.http).toBe(200);
    expect(got.bytes.subarray(0, 2).toString()).toBe('PK'); // an xlsx is a zip
  });
});

describe('在线客服 across the processes', () => {
  it('a message sent through one process reaches an operator’s open stream on the other within a second', async () => {
    const ops = await call<{ token: string }>('POST', API.ops.login, {
      json: { username: 'ops', password: 'Ops@123456' },
    });
    expect(ops.status, ops.message).toBe(200);
    const abort = new AbortController();
    const stream = await fetch(`${cluster.base}${API.ops.chatStream}`, {
      headers: { authorization: ops.data.token, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const streamBy = stream.headers.get('x-served-by') as ProcessName;
    expect(['a', 'b']).toContain(streamBy);
    const heard = new Map<string, number>();
    const reading = (async () => {
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
        if (done) return;
        buffer += value;
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const data = /^event: message$/m.test(event) ? /^data: (.*)$/m.exec(event)?.[1] : undefined;
          if (data) heard.set((JSON.parse(data) as { text: string }).text, performance.now());
        }
      }
    })();
    const { token } = await login('demo');
    // Sent until one send is served by the process that does not hold the stream.
    let sentAt = 0;
    let text = '';
    await until(async () => {
      text = `跨进程消息 ${randomUUID().slice(0, 8)}`;
      sentAt = performance.now();
      const res = await call('POST', API.chat.text, { token, json: { text } });
      expect(res.status, res.message).toBe(200);
      return res;
    }, other(streamBy));
    await waitFor(
      async () => heard.get(text),
      (t) => t !== undefined,
      { what: 'the message on the stream', timeoutMs: 1000, intervalMs: 10 },
    );
    expect((heard.get(text) ?? Infinity) - sentAt).toBeLessThan(1000);
    abort.abort();
    await reading;
  });
});

describe('paying with both processes running', () => {
  let companyId = 0;
  let serviceId = 0;
  let adminId = 0;
  let token = '';

  beforeAll(async () => {
    const db = cluster.db;
    const [ids] = await queryRows<{ company: string; service: string; demo: string }>(
      db,
      sql`select c.id as company, (select id from service_company where name = '海南灵工服务有限公司') as service,
                 (select id from admin where username = 'demo') as demo
            from company c where c.name = '星河科技有限公司'`,
    );
    companyId = Number(ids?.company);
    serviceId = Number(ids?.service);
    adminId = Number(ids?.demo);
    await db.execute(sql`update approval_flow set enabled = false`);
    const rng = createRng(292929);
    await db.transaction((tx) =>
      insertGeneratedWorkers(
        tx,
        createFieldCipher(TEST_ENCRYPTION_KEY),
        companyId,
        Array.from({ length: ITEMS * 5 }, (_, i) => generateWorker(rng, 800_000 + i, [], [])),
      ),
    );
    token = (await login('demo')).token;
  }, 120_000);

  /** A 待支付 batch of ITEMS workers not paid before, with the balance to pay it. */
  async function batchToPay(title: string): Promise<number> {
    const db = cluster.db;
    const workers = await queryRows<{ id: string }>(
      db,
      sql`select w.id from worker w where w.company_id = ${companyId} and w.status = 'active'
             and exists (select 1 from worker_bank_card c where c.company_id = w.company_id and c.worker_id = w.id)
             and not exists (select 1 from payroll_item i where i.worker_id = w.id)
             -- Paid only once verified (仅向已实名认证并已签约的员工发放; the demo has no agreement to sign).
             and w.real_name_status = 'verified'
           order by w.id desc limit ${ITEMS}`,
    );
    expect(workers).toHaveLength(ITEMS);
    const batchId = await db.transaction(async (tx) => {
      const id = await insertBatch(
        tx,
        companyId,
        adminId,
        {
          title,
          period: chinaDateOf(new Date()).slice(0, 7),
          serviceCompanyId: serviceId,
          channel: 'bank',
          source: 'workers',
          remark: '',
        },
        new Date(),
      );
      await addWorkerItems(
        tx,
        companyId,
        id,
        workers.map((w) => ({ workerId: Number(w.id), amountFen: 1_000, remark: '' })),
      );
      return id;
    });
    await db.transaction((tx) => runCheck(tx, companyId, batchId, new Date()));
    await db.transaction((tx) => runSubmit(tx, payrollApprovalOutcomes, companyId, batchId, new Date()));
    await db.transaction((tx) =>
      postTransfer(tx, {
        companyId,
        type: 'topup',
        reference: { kind: 'scale_topup', id: batchId },
        memo: '扩展测试充值',
        postings: [
          { account: { kind: 'bank_clearing', serviceCompanyId: serviceId }, amountFen: -10_000_000 },
          { account: { kind: 'available', companyId, serviceCompanyId: serviceId }, amountFen: 10_000_000 },
        ],
      }),
    );
    return batchId;
  }

  /** 确认支付 through nginx with a fresh SMS code. */
  async function pay(batchId: number): Promise<ProcessName> {
    await cluster.db.execute(
      sql`delete from sms_outbox where mobile = (select mobile from admin where username = 'demo')`,
    );
    const sms = await call<{ token: string }>('POST', API.verification.sendSms, { token, json: { purpose: 'pay' } });
    expect(sms.status, sms.message).toBe(200);
    const [row] = await queryRows<{ content: string }>(
      cluster.db,
      sql`select content from sms_outbox where mobile = (select mobile from admin where username = 'demo') order by id desc limit 1`,
    );
    const code = /验证码为 (\d{6})/.exec(row?.content ?? '')?.[1] ?? '';
    const res = await call('POST', apiPath(API.payroll.pay, { id: batchId }), {
      token,
      json: { method: 'sms', token: sms.data.token, code },
      headers: { 'idempotency-key': `scale-${randomUUID()}` },
    });
    expect(res.status, res.message).toBe(200);
    return res.servedBy;
  }

  const settled = (batchId: number) =>
    count(sql`select count(*)::int as n from payout where batch_id = ${batchId} and status in ('succeeded', 'failed')`);

  /** Every item in one final state, paid once, with one ledger transfer per payout; the ledger holds. */
  async function expectPaidOnce(batchId: number) {
    expect(
      await count(
        sql`select count(*)::int as n from payroll_item where batch_id = ${batchId} and pay_status in ('paid', 'failed')`,
      ),
    ).toBe(ITEMS);
    expect(await count(sql`select count(*)::int as n from payout where batch_id = ${batchId}`)).toBe(ITEMS);
    expect(await count(sql`select count(distinct item_id)::int as n from payout where batch_id = ${batchId}`)).toBe(
      ITEMS,
    );
    expect(
      await count(sql`select count(*)::int as n from payroll_item i join payout p on p.item_id = i.id
                       where i.batch_id = ${batchId} and ((p.status = 'succeeded') <> (i.pay_status = 'paid'))`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from ledger_transfer t join payout p on t.ref_kind = 'payout'
                       and t.ref_id = p.id::text where p.batch_id = ${batchId} and t.type in ('payout', 'refund')`),
    ).toBe(ITEMS);
    const [batch] = await queryRows<{ status: string }>(
      cluster.db,
      sql`select status from payroll_batch where id = ${batchId}`,
    );
    expect(['completed', 'partial']).toContain(batch?.status);
    expect(
      Number(
        (
          await queryRows<{ balance: string }>(
            cluster.db,
            sql`select coalesce(sum(balance_fen), 0) as balance from ledger_account where kind = 'frozen' and company_id = ${companyId}`,
          )
        )[0]?.balance,
      ),
    ).toBe(0);
    expect((await verifyLedger(cluster.db)).violations).toEqual([]);
  }

  it('pays a 1,000-item batch exactly once, the ledger verifying', { timeout: 180_000 }, async () => {
    const batchId = await batchToPay('扩展测试：两个进程');
    await pay(batchId);
    await waitFor(
      () => settled(batchId),
      (n) => n === ITEMS,
      {
        what: 'every settlement',
        timeoutMs: 150_000,
        intervalMs: 250,
      },
    );
    await expectPaidOnce(batchId);
  });

  it(
    'finishes a pay run whose process is killed (SIGKILL) midway, nothing paid twice',
    { timeout: 240_000 },
    async () => {
      const batchId = await batchToPay('扩展测试：中途结束进程');
      await pay(batchId);
      await waitFor(
        () => settled(batchId),
        (n) => n >= 100,
        { what: 'first settlements', timeoutMs: 120_000, intervalMs: 20 },
      );
      const beforeKill = await settled(batchId);
      await cluster.kill('a');
      expect(beforeKill).toBeLessThan(ITEMS);
      // nginx sends everything to b now; b's timer and jobs finish the run.
      expect((await call('GET', API.system.health)).servedBy).toBe('b');
      await waitFor(
        () => settled(batchId),
        (n) => n === ITEMS,
        {
          what: 'every settlement after the kill',
          timeoutMs: 200_000,
          intervalMs: 250,
        },
      );
      await expectPaidOnce(batchId);
      await cluster.start('a');
    },
  );
});
