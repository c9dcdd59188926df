/**
 * 网关日志 write benchmark (issue 41): an open-loop load of `--rate` requests a second (1,000 by
 * default) for `--seconds` (60) on a cheap API route, first with the access log off
 * (`ACCESS_LOG=0`, the baseline, in this run) and then on. With it on, the rows waiting in the
 * writer are sampled every second: the log keeps up when they stay bounded and every request's
 * row is in `access_log` a second after the load stops.
 *
 *   DATABASE_URL=postgres://... npm run bench:gateway-log -- [--rate 1000] [--seconds 60]
 *   DATA_DIR=/tmp/fp-bench npm run bench:gateway-log      (PGlite)
 *
 * The server runs in this process (the writer's figures are read from it); the load generator
 * sends on keep-alive sockets from the same event loop, so the rate it reaches is printed too.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { API } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { fmt, percentile } from './lib.ts';

const { values } = parseArgs({ options: { rate: { type: 'string' }, seconds: { type: 'string' } } });
const rate = Number(values.rate ?? 1000);
const seconds = Number(values.seconds ?? 60);
if (!Number.isInteger(rate) || rate < 1 || !Number.isInteger(seconds) || seconds < 1) {
  console.error('--rate 与 --seconds 须为正整数');
  process.exit(2);
}

const database = await openDatabase(loadConfig());
await database.migrate();

interface Phase {
  sent: number;
  answered: number;
  failed: number;
  p95: number;
  p99: number;
  reachedRate: number;
  maxWaiting: number;
  waitingAtEnd: number;
  written: number;
  dropped: number;
}

/** One phase: the app with the access log on or off, `rate` requests a second for `seconds`. */
async function phase(accessLog: boolean): Promise<Phase> {
  const config = { ...loadConfig(), logLevel: 'warn' as const, webDist: undefined, payoutTickMs: 0, accessLog };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const marker = `bench-${accessLog ? 'on' : 'off'}-${Date.now()}`;
  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  let maxWaiting = 0;
  const get = (n: number) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get(
        { host: '127.0.0.1', port, path: API.system.health, agent, headers: { 'x-request-id': `${marker}-${n}` } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - t0);
            else failed++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failed++;
        resolve();
      });
    });
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  // Every 10 ms, the requests due by then: an open loop, so a slow answer does not lower the rate.
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (sent < due) inFlight.push(get(sent++));
    if (accessLog) maxWaiting = Math.max(maxWaiting, app.gatewayLog.access.waiting());
    await new Promise((r) => setTimeout(r, 10));
  }
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  const waitingAtEnd = app.gatewayLog.access.waiting();
  await app.gatewayLog.access.flush();
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from access_log where request_id like ${`${marker}-%`}`,
  );
  const dropped = app.gatewayLog.access.dropped();
  agent.destroy();
  await app.close();
  latencies.sort((a, b) => a - b);
  return {
    sent,
    answered: latencies.length,
    failed,
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    reachedRate: sent / elapsed,
    maxWaiting,
    waitingAtEnd,
    written: row?.n ?? 0,
    dropped,
  };
}

try {
  console.log(
    `\n网关日志写入基准 — ${database.kind}，每秒 ${rate} 个请求（开环），每段 ${seconds} 秒，GET ${API.system.health}`,
  );
  const off = await phase(false);
  const on = await phase(true);
  console.log(
    '\n                 |  发出   应答   失败 | 实际速率/s | p95 ms  p99 ms | 最多待写 | 结束时待写 | 已写入  丢弃',
  );
  for (const [name, p] of [
    ['访问日志 关（基线）', off],
    ['访问日志 开', on],
  ] as const) {
    console.log(
      `${name.padEnd(12)} | ${String(p.sent).padStart(6)} ${String(p.answered).padStart(6)} ${String(p.failed).padStart(5)} | ${fmt(p.reachedRate, 0)} | ${fmt(p.p95, 1)} ${fmt(p.p99, 1)} | ${String(name.includes('开') ? p.maxWaiting : '-').padStart(8)} | ${String(name.includes('开') ? p.waitingAtEnd : '-').padStart(10)} | ${String(p.written).padStart(6)} ${String(p.dropped).padStart(5)}`,
    );
  }
  const keptUp = on.written === on.answered + on.failed && on.dropped === 0;
  const p95Change = off.p95 ? ((on.p95 - off.p95) / off.p95) * 100 : 0;
  console.log(
    `\n目标：${rate} 请求/秒持续 ${seconds} 秒，日志不落后（每个请求一行、无丢弃）：${keptUp ? '达标' : '未达标'}；` +
      `p95 开/关 ${p95Change >= 0 ? '+' : ''}${p95Change.toFixed(1)}%`,
  );
  if (!keptUp) process.exitCode = 1;
} finally {
  await database.close();
}
