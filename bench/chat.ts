/**
 * Chat benchmark (issue 29): two server processes on one PostgreSQL behind nginx (the scale-out
 * tier's cluster, deploy/nginx.conf), `--streams` open event streams spread over both (company
 * admins of `--companies` companies, and `--operators` operator streams that hear every company),
 * `--rate` messages a second for `--seconds` sent through nginx by the companies' admins:
 *   - delivery latency from the send to each stream that should hear it: p50, p95 (target ≤ 200 ms);
 *   - lost (a stream that should have heard a message did not, 5 s after the last send: target 0)
 *     and doubled (a stream heard a message twice: target 0);
 *   - memory per open stream: the two processes' RSS before and after the streams opened;
 * next to the floor measured in the same run: a NOTIFY from one PostgreSQL connection heard on
 * another (what any cross-process delivery costs at least).
 *
 *   TEST_DATABASE_URL=postgres://… npm run bench:chat -- [--streams 500] [--rate 50] [--seconds 60]
 * Needs nginx (apt-get install nginx). Works in a database of its own (fp_cluster_bench_chat),
 * seeded by the first process, dropped at the end.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { API, CHAT_RATE_LIMITS } from '@flexpay/contract';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { startCluster } from '../apps/server/test-scale/cluster.ts';
import { TEST_ENCRYPTION_KEY } from '../apps/server/test/keys.ts';
import { percentile } from './lib.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string' },
    operators: { type: 'string' },
    companies: { type: 'string' },
    rate: { type: 'string' },
    seconds: { type: 'string' },
  },
});
const streamCount = Number(values.streams ?? 500);
const operatorStreams = Number(values.operators ?? 10);
const rate = Number(values.rate ?? 50);
// Each company's one admin sends rate × 60 / companies messages a minute: kept at three quarters
// of what an admin may send (CHAT_RATE_LIMITS), so the run measures delivery, not the limit.
const companyCount = Number(
  values.companies ??
    Math.max(100, Math.ceil((rate * CHAT_RATE_LIMITS.windowSeconds) / (CHAT_RATE_LIMITS.perAdmin * 0.75))),
);
const seconds = Number(values.seconds ?? 60);
const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url)
  throw new Error('bench:chat 需要 PostgreSQL：设置 TEST_DATABASE_URL（例如 postgres://postgres@127.0.0.1:5432/test）');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
};

console.log(
  `\n在线客服基准 — 两个进程 + nginx，${streamCount} 条事件流（${operatorStreams} 条运营端），` +
    `${companyCount} 家企业，每秒 ${rate} 条消息，${seconds} s\n`,
);

const cluster = await startCluster({
  url,
  tag: 'bench_chat',
  env: { LOG_LEVEL: 'error', ENCRYPTION_KEY: TEST_ENCRYPTION_KEY },
});
try {
  // ── Floor: NOTIFY heard on another connection ───────────────────────────────────────────────
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Client({ connectionString: url });
  await listener.connect();
  await sender.connect();
  await listener.query('listen fp_bench_floor');
  const floor: number[] = [];
  let heard: (() => void) | undefined;
  listener.on('notification', () => heard?.());
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      heard = resolve;
      void sender.query(`select pg_notify('fp_bench_floor', 'x')`);
    });
    floor.push(performance.now() - t0);
  }
  await listener.end();
  await sender.end();
  floor.sort((a, b) => a - b);

  // ── Companies and their admins ──────────────────────────────────────────────────────────────
  const db = cluster.db;
  await db.execute(sql`
    with src as (select c.id from company c where c.name = '星河科技有限公司'),
    c as (
      insert into company (name, credit_code)
      select '客服基准企业' || g, '91' || lpad(g::text, 16, '0') from generate_series(1, ${companyCount}) g
      returning id, name),
    r as (
      insert into role (company_id, name, is_owner_role, menu_codes, element_codes)
      select c.id, '企业管理员', true, o.menu_codes, o.element_codes
        from c cross join (select menu_codes, element_codes from role
                            where company_id = (select id from src) and is_owner_role limit 1) o
      returning id, company_id),
    a as (
      insert into admin (company_id, username, password_hash, name, is_owner)
      select c.id, 'chatbench' || substr(c.name, 7), (select password_hash from admin where username = 'demo'),
             '基准管理员' || substr(c.name, 7), true
        from c
      returning id, company_id)
    insert into admin_role (company_id, admin_id, role_id)
    select a.company_id, a.id, r.id from a join r on r.company_id = a.company_id`);
  const admins = await queryRows<{ username: string; company_id: string }>(
    db,
    sql`select username, company_id from admin where username like 'chatbench%' order by id`,
  );
  // Signed in on a process directly, each from an address of its own (the sign-in limits count by address).
  const tokens = new Map<number, string>();
  for (const [i, a] of admins.entries()) {
    const res = await fetch(`${cluster.direct.a}${API.auth.login}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      },
      body: JSON.stringify({ username: a.username, password: 'Demo@123456' }),
    });
    const body = (await res.json()) as { data?: string; message?: string };
    if (!body.data) throw new Error(`${a.username}: ${body.message}`);
    tokens.set(Number(a.company_id), body.data);
  }
  const ops = await fetch(`${cluster.direct.a}${API.ops.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.8.0.1' },
    body: JSON.stringify({ username: 'ops', password: 'Ops@123456' }),
  });
  const opsToken = ((await ops.json()) as { data?: { token: string } }).data?.token;
  if (!opsToken) throw new Error('运营账号 ops 无法登录');

  // ── Streams ─────────────────────────────────────────────────────────────────────────────────
  const pids = cluster.pids();
  const rssBefore = pids.map(rssMb);
  interface Listener {
    companyId: number | undefined;
    seen: Set<number>;
    doubled: number;
  }
  const listeners: Listener[] = [];
  /** Message id → send time, company; latencies of every expected receipt. */
  const sent = new Map<string, { t0: number; companyId: number }>();
  const latencies: number[] = [];
  const received = new Map<string, number>();
  const aborts: AbortController[] = [];
  const open = async (path: string, token: string, companyId: number | undefined) => {
    const l: Listener = { companyId, seen: new Set(), doubled: 0 };
    const abort = new AbortController();
    aborts.push(abort);
    const res = await fetch(`${cluster.base}${path}`, {
      headers: { authorization: token, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (!res.ok || !res.body) throw new Error(`stream ${path}: ${res.status}`);
    listeners.push(l);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += value;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (!/^event: message$/m.test(event)) continue;
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (!data) continue;
          const m = JSON.parse(data) as { id: number; text: string };
          const tag = /^bench (\S+)/.exec(m.text)?.[1];
          if (!tag) continue;
          if (l.seen.has(m.id)) {
            l.doubled += 1;
            continue;
          }
          l.seen.add(m.id);
          const s = sent.get(tag);
          if (s) latencies.push(performance.now() - s.t0);
          received.set(tag, (received.get(tag) ?? 0) + 1);
        }
      }
    })();
  };
  const companyIds = [...tokens.keys()];
  for (let i = 0; i < operatorStreams; i++) await open(API.ops.chatStream, opsToken, undefined);
  for (let i = 0; i < streamCount - operatorStreams; i++) {
    const companyId = companyIds[i % companyIds.length] ?? 0;
    await open(API.chat.stream, tokens.get(companyId) ?? '', companyId);
  }
  await sleep(2000);
  const rssAfter = pids.map(rssMb);
  const perStreamKb =
    ((rssAfter.reduce((s, x) => s + x, 0) - rssBefore.reduce((s, x) => s + x, 0)) * 1024) / streamCount;

  // ── Messages ────────────────────────────────────────────────────────────────────────────────
  const expected = new Map<string, number>();
  const streamsOf = (companyId: number) =>
    listeners.filter((l) => l.companyId === undefined || l.companyId === companyId).length;
  const failures: string[] = [];
  const started = performance.now();
  let n = 0;
  const sends: Promise<void>[] = [];
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (n < due) {
      const companyId = companyIds[n % companyIds.length] ?? 0;
      const tag = `m${n}`;
      n += 1;
      expected.set(tag, streamsOf(companyId));
      sends.push(
        (async () => {
          sent.set(tag, { t0: performance.now(), companyId });
          const res = await fetch(`${cluster.base}${API.chat.text}`, {
            method: 'POST',
            headers: { authorization: tokens.get(companyId) ?? '', 'content-type': 'application/json' },
            body: JSON.stringify({ text: `bench ${tag}` }),
          });
          const body = (await res.json()) as { status: number; message?: string };
          if (body.status !== 200) failures.push(`${tag}: ${body.status} ${body.message ?? ''}`);
        })(),
      );
    }
    await sleep(5);
  }
  await Promise.all(sends);
  await sleep(5000);
  for (const a of aborts) a.abort();

  let lost = 0;
  for (const [tag, count] of expected) lost += Math.max(0, count - (received.get(tag) ?? 0));
  const doubled = listeners.reduce((s, l) => s + l.doubled, 0);
  latencies.sort((a, b) => a - b);
  const total = [...expected.values()].reduce((s, x) => s + x, 0);
  console.log(
    `发送 ${n} 条（失败 ${failures.length}${failures.length ? `：${failures.slice(0, 3).join('；')}` : ''}），应送达 ${total.toLocaleString()} 次`,
  );
  console.log(
    `  送达延迟 p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  最大 ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(
    `  基线：PostgreSQL NOTIFY 到另一连接 p50 ${percentile(floor, 50).toFixed(2)} ms  p95 ${percentile(floor, 95).toFixed(2)} ms`,
  );
  console.log(`  丢失 ${lost}，重复 ${doubled}`);
  console.log(
    `  内存：两个进程 RSS ${rssBefore.map((x) => x.toFixed(0)).join(' + ')} MB → ${rssAfter.map((x) => x.toFixed(0)).join(' + ')} MB，` +
      `每条事件流约 ${perStreamKb.toFixed(0)} KB`,
  );
  const p95 = percentile(latencies, 95);
  console.log(
    `\n目标：送达 p95 ≤ 200 ms（${p95.toFixed(1)} ms ${p95 <= 200 ? '达标' : '未达标'}），` +
      `丢失 0（${lost === 0 ? '达标' : '未达标'}），重复 0（${doubled === 0 ? '达标' : '未达标'}）`,
  );
  if (lost || doubled || failures.length) process.exitCode = 1;
} finally {
  await cluster.close();
}
