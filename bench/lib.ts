/** Load loops and statistics shared by the benchmarks. */
import { execFileSync, fork, spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { Database, Db } from '../apps/server/src/db/client.ts';

export interface LoadResult {
  requests: number;
  seconds: number;
  throughput: number;
  p50: number;
  p95: number;
  max: number;
  /** CPU milliseconds per request of each process group the probe reads, when one was given. */
  cpuPerRequest?: number[];
}

/** Cumulative CPU seconds of some process groups: what a CPU probe answers each time it is read. */
export type CpuProbe = () => number[];

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? 0;
}

/**
 * Runs `task` from `concurrency` loops for `seconds` (after a short warm-up) and answers
 * throughput and latency percentiles in milliseconds. Bounded in time; stops by itself.
 */
export async function load(
  task: () => Promise<void>,
  concurrency: number,
  seconds: number,
  warmupSeconds = 1,
  cpu?: CpuProbe,
): Promise<LoadResult> {
  const warmEnd = Date.now() + warmupSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < warmEnd) await task();
    }),
  );
  const latencies: number[] = [];
  const cpuBefore = cpu?.();
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await task();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpuAfter = cpu?.();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: elapsed,
    throughput: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies[latencies.length - 1] ?? 0,
    cpuPerRequest:
      cpuBefore && cpuAfter
        ? cpuAfter.map((after, i) => ((after - (cpuBefore[i] ?? 0)) * 1000) / Math.max(1, latencies.length))
        : undefined,
  };
}

const CLOCK_TICKS = 100;

/** CPU seconds (user and system) a process has used so far, from /proc; 0 where there is none. */
function processCpuSeconds(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by each process of this machine whose command is `name`, by pid: a
 * delta counts only processes alive at its end, so one that ends meanwhile takes nothing away.
 */
function commandCpuSeconds(name: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) {
        byPid.set(Number(entry), processCpuSeconds(Number(entry)));
      }
    } catch {
      // The process ended while it was read.
    }
  }
  return byPid;
}

/** The processes of this machine whose command is `name`. */
export function pidsOf(name: string): number[] {
  return [...commandCpuSeconds(name).keys()];
}

/**
 * Restricts processes, all their threads, to the given CPUs (a taskset list such as `0` or
 * `1-3`); false where it cannot (no taskset, or no right to).
 */
export function pinToCpus(pids: number[], cpus: string): boolean {
  try {
    for (const pid of pids) execFileSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A probe of this process, optionally another one (the server's), and the local PostgreSQL
 * processes, or undefined where /proc is not there to read. PostgreSQL's figure adds up, from
 * one reading to the next, what each process alive at the later one used since the earlier one
 * (all of it for a process started in between), so it never goes back when a connection ends.
 */
export function cpuProbe(serverPid?: number): CpuProbe | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  let last = commandCpuSeconds('postgres');
  let database = 0;
  return () => {
    const now = commandCpuSeconds('postgres');
    for (const [pid, seconds] of now) database += seconds - (last.get(pid) ?? 0);
    last = now;
    return [processCpuSeconds('self'), serverPid === undefined ? 0 : processCpuSeconds(serverPid), database];
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);

/** Peak resident memory while `fn` runs, sampled every 50 ms, in MB; with the V8 heap and the memory outside it at that peak. */
export async function withPeakRss<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; peakRssMb: number; seconds: number; peakParts: { heapMb: number; externalMb: number } }> {
  let peak = process.memoryUsage();
  const sample = () => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  };
  const timer = setInterval(sample, 50);
  const t0 = performance.now();
  try {
    const result = await fn();
    sample();
    const mb = (n: number) => n / 1024 / 1024;
    return {
      result,
      peakRssMb: mb(peak.rss),
      seconds: (performance.now() - t0) / 1000,
      peakParts: { heapMb: mb(peak.heapTotal), externalMb: mb(peak.external) },
    };
  } finally {
    clearInterval(timer);
  }
}

/**
 * `--fresh`: runs this bench script once more on a new database, as a new user's is: created
 * beside DATABASE_URL's (`<name>_fresh`, dropped first if it exists), migrated and seeded with
 * `workers` generated workers by the seed CLI, autovacuum off for its tables (as on this
 * machine's PostgreSQL), then the script (`--as-fresh`, other arguments as given) in a child
 * process whose output is passed through. Answers the child's exit code. PostgreSQL only.
 */
export async function runOnFreshDatabase(script: string, workers: number, args: readonly string[]): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) throw new Error('--fresh 需要 PostgreSQL（DATABASE_URL）');
  const target = new URL(url);
  const name = `${target.pathname.slice(1)}_fresh`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  let autovacuum = '';
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    autovacuum = (await client.query<{ autovacuum: string }>('show autovacuum')).rows[0]?.autovacuum ?? '';
  } finally {
    await client.end();
  }
  target.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-fresh-'));
  const env = { ...process.env, DATABASE_URL: target.toString(), DATA_DIR: dataDir };
  const root = fileURLToPath(new URL('..', import.meta.url));
  const run = (argv: string[]) =>
    new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', ...argv], { cwd: root, env, stdio: 'inherit' });
      child.on('error', reject);
      child.on('exit', (code) => resolve(code ?? 1));
    });
  try {
    console.log(
      `\n新建数据库 ${name}（服务器 autovacuum=${autovacuum}），写入演示数据与 ${workers.toLocaleString()} 名员工…`,
    );
    const seeded = performance.now();
    const code = await run(['apps/server/src/seed/cli.ts', '--workers', String(workers)]);
    if (code !== 0) return code;
    const db = new pg.Client({ connectionString: target.toString() });
    await db.connect();
    try {
      const tables = await db.query<{ t: string }>(
        `select quote_ident(tablename) as t from pg_tables where schemaname = 'public'`,
      );
      for (const { t } of tables.rows) await db.query(`alter table ${t} set (autovacuum_enabled = false)`);
    } finally {
      await db.end();
    }
    console.log(`（${((performance.now() - seeded) / 1000).toFixed(0)} s，不计入）新建数据库上的运行：`);
    return await run([script, '--as-fresh', ...args]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A benchmark's API server: its address, its process id when it has its own, and how to stop it. */
export interface BenchServer {
  base: string;
  pid?: number;
  stop(): Promise<void>;
}

/**
 * Starts the API server for a benchmark: in a child process of its own on PostgreSQL, as in
 * production, so that the load generator's work does not share the server's thread; in this
 * process on PGlite, whose data directory only one process may open. `database` must be migrated.
 */
export async function startBenchServer(database: Database): Promise<BenchServer> {
  if (database.kind === 'pglite') {
    const [{ buildApp }, { loadConfig }] = await Promise.all([
      import('../apps/server/src/app.ts'),
      import('../apps/server/src/config.ts'),
    ]);
    const config = { ...loadConfig(), logLevel: 'warn' as const, webDist: undefined, payoutTickMs: 0 };
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { base: `http://127.0.0.1:${port}`, stop: () => app.close() };
  }
  // BENCH_SERVER_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_SERVER_PROFILE;
  const execArgv = ['--import', 'tsx', ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])];
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [], { execArgv });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`基准服务器进程退出（${code}）`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

/**
 * GETs for a load loop, as a browser sends them: over keep-alive sockets (at most `concurrency`),
 * gzip accepted, the body read whole. Rejects unless the answer is HTTP 200 (the API answers its
 * errors with their HTTP status). Costs the load generator a fraction of what `fetch` does, so
 * that on one machine more of the cores are left to the server and the database.
 */
export function keepAliveGetter(concurrency: number, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const get = (url: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(url, { agent, headers: { ...headers, 'accept-encoding': 'gzip' } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`));
        res.on('data', () => {});
        res.on('end', resolve);
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

/** Drizzle's dialect turns a SQL object into the text and parameters sent to the driver. */
export function toQuery(db: Db, q: SQL): { text: string; values: unknown[] } {
  // The dialect is internal to Drizzle's types; it is what every query of the app goes through.
  const dialect = (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect;
  const { sql: text, params } = dialect.sqlToQuery(q);
  return { text, values: params };
}

/**
 * `--row-security on | off | compare` (ADR 0025): `off` turns the tenant tables' policies off for
 * the run (the owner's ALTER TABLE, put back on at the end), `compare` runs the bench twice in
 * child processes, off then on, and prints their figures side by side.
 */
export type RowSecurityMode = 'on' | 'off' | 'compare';

export function rowSecurityMode(value: string | undefined): RowSecurityMode {
  const mode = value ?? 'on';
  if (mode !== 'on' && mode !== 'off' && mode !== 'compare')
    throw new Error('--row-security 只能是 on、off 或 compare');
  return mode;
}

/** Turns row-level security of every table with the tenant policy on or off; answers how many. */
export async function setRowSecurity(db: Db, on: boolean): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const { queryRows } = await import('../apps/server/src/db/client.ts');
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select distinct tablename as name from pg_policies where schemaname = 'public' and policyname = 'tenant_isolation'`,
  );
  for (const { name } of tables) {
    await db.execute(sql.raw(`alter table "${name}" ${on ? 'enable' : 'disable'} row level security`));
  }
  return tables.length;
}

const FIGURES = '@@figures ';

/** A child's figures for `compareRowSecurity` (one line, also readable in the log). */
export function emitFigures(figures: Record<string, number>): void {
  console.log(`${FIGURES}${JSON.stringify(figures)}`);
}

/**
 * Runs `script` with `args` and `--<flag> off`, then `--<flag> on`, each in its own process,
 * `rounds` times (the order alternating: off, on, on, off, ...), and prints each figure (named by
 * `labels`) as the mean of its runs per mode, and the change. Answers the worst exit code.
 */
export async function compareRuns(
  script: string,
  args: readonly string[],
  what: { flag: string; title: string; rounds?: number },
  labels: Readonly<Record<string, string>>,
): Promise<number> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const runs: Record<'off' | 'on', Record<string, number>[]> = { off: [], on: [] };
  let worst = 0;
  const rounds = Math.max(1, what.rounds ?? 1);
  for (let round = 0; round < rounds; round++) {
    for (const mode of round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      console.log(`\n━━ ${what.title} ${mode === 'on' ? '开启' : '关闭'}（第 ${round + 1} 轮）━━`);
      const figures: Record<string, number> = {};
      const code = await new Promise<number>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script, ...args, `--${what.flag}`, mode], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let pending = '';
        child.stdout.on('data', (chunk: Buffer) => {
          process.stdout.write(chunk);
          pending += chunk.toString('utf8');
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines)
            if (line.startsWith(FIGURES)) Object.assign(figures, JSON.parse(line.slice(FIGURES.length)));
        });
        child.on('error', reject);
        child.on('exit', (c) => resolve(c ?? 1));
      });
      worst = Math.max(worst, code);
      runs[mode].push(figures);
    }
  }
  console.log(`\n${what.title} 关闭 → 开启（同一次运行，${rounds} 轮的平均）：`);
  const meanOf = (list: Record<string, number>[], key: string) => {
    const xs = list.map((f) => f[key]).filter((x): x is number => x !== undefined);
    return xs.length === list.length && xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : undefined;
  };
  for (const [key, label] of Object.entries(labels)) {
    const a = meanOf(runs.off, key);
    const b = meanOf(runs.on, key);
    if (a === undefined || b === undefined) {
      console.log(`  ${label}：缺少数据`);
      continue;
    }
    const change = a === 0 ? 0 : ((b - a) / a) * 100;
    const each = runs.off.map((f, i) => `${f[key]?.toFixed(2)}→${runs.on[i]?.[key]?.toFixed(2)}`).join(' ');
    console.log(
      `  ${label.padEnd(28)} ${a.toFixed(2).padStart(10)} → ${b.toFixed(2).padStart(10)}  (${change >= 0 ? '+' : ''}${change.toFixed(1)}%)  ${rounds > 1 ? each : ''}`,
    );
  }
  return worst;
}

/** `compareRuns` for `--row-security compare` (ADR 0025). */
export const compareRowSecurity = (script: string, args: readonly string[], labels: Readonly<Record<string, string>>) =>
  compareRuns(script, args, { flag: 'row-security', title: '行级安全策略' }, labels);

/**
 * `--observe on | off | compare` (issue 41): the access log and /metrics, on as a deployment runs
 * them (ACCESS_LOG=1, METRICS_TOKEN set, scraped every 15 s), or both off (ACCESS_LOG=0, no
 * metrics); `compare` runs the bench off and on in one run.
 */
export type ObserveMode = 'on' | 'off' | 'compare';

export function observeMode(value: string | undefined): ObserveMode {
  const mode = value ?? 'on';
  if (mode !== 'on' && mode !== 'off' && mode !== 'compare') throw new Error('--observe 只能是 on、off 或 compare');
  return mode;
}

/** The bench's metrics token: any 32 visible characters (METRICS_TOKEN's rule). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';

/** The environment of a server with the access log and metrics on or off. */
export function observeEnv(on: boolean): Record<string, string> {
  return on
    ? { ACCESS_LOG: '1', METRICS_TOKEN: BENCH_METRICS_TOKEN, METRICS_PORT: '' }
    : { ACCESS_LOG: '0', METRICS_TOKEN: '', METRICS_PORT: '' };
}

/** The config fields `observeEnv` sets, for a server built in this process. */
export function observeConfig(on: boolean): {
  accessLog: boolean;
  metricsToken: string | undefined;
  metricsPort: undefined;
} {
  return { accessLog: on, metricsToken: on ? BENCH_METRICS_TOKEN : undefined, metricsPort: undefined };
}

/** One scrape of `base`/metrics as Prometheus makes it; a failed scrape is an error of the bench. */
function scrapeOnce(base: string, stopped: () => boolean): void {
  fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })
    .then(async (res) => {
      const text = await res.text();
      if (!stopped() && (res.status !== 200 || !text.includes('http_request_duration_seconds')))
        throw new Error(`/metrics 抓取失败：HTTP ${res.status}`);
    })
    .catch((err: unknown) => {
      if (!stopped()) {
        console.error(err);
        process.exitCode = 1;
      }
    });
}

/**
 * Scrapes `base`/metrics every `everyMs` as Prometheus does (the first at once), until the
 * answered function is called; a failed scrape is an error of the bench.
 */
export function scrapeMetrics(base: string, everyMs: number): () => void {
  let stopped = false;
  const isStopped = () => stopped;
  scrapeOnce(base, isStopped);
  const timer = setInterval(() => scrapeOnce(base, isStopped), everyMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/**
 * Prometheus's scrapes over a run measured in short rounds (`--observe compare`): its clock runs
 * only while a round with metrics on is measured, so the rounds together see one scrape per
 * `everyMs` of their time, as a server scraped every `everyMs` does. A scrape at the start of every
 * round instead would charge rounds of 3 s five scrapes for Prometheus's one of 15 s.
 */
export function scrapeClock(everyMs: number): { during: (base: string) => () => void } {
  /** Measured time since the last scrape; the first scrape is at once. */
  let since = everyMs;
  return {
    during(base) {
      let stopped = false;
      let started = Date.now();
      const isStopped = () => stopped;
      const tick = () => {
        scrapeOnce(base, isStopped);
        since = 0;
        started = Date.now();
        timer = setTimeout(tick, everyMs);
      };
      let timer = setTimeout(tick, Math.max(0, everyMs - since));
      return () => {
        stopped = true;
        clearTimeout(timer);
        since += Date.now() - started;
      };
    },
  };
}
