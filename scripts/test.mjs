// npm test: every test tier this machine can run, then a summary of what ran and what was
// skipped and why, each tier's seconds and its slowest files. REQUIRE_POSTGRES=1 / REQUIRE_E2E=1 /
// REQUIRE_FAULT=1 turn a missing tier into a failure (the PostgreSQL tiers, the browser tier, the
// fault tier). `npm test -- web e2e` runs the tiers whose names start so.
//
// The tiers are jobs run side by side, at most TEST_JOBS at once (default: the machine's cores
// plus one). No tier keeps a core busy by itself: a Vitest tier runs one worker (the PostgreSQL
// tier waits on the database server), and the browser tier is one lane of page, server and
// Playwright taking turns, about one core. Measured on two cores: the tiers one or two at a time
// left a third of the CPU idle. The browser tier, the longest, starts first; the Vitest tiers,
// longest first, fill the other places. A job's output goes to a log file and is printed when
// it ends.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { chromiumPath } from '../e2e/chromium-path.mjs';
import { buildWebIfStale, root } from './web-build.mjs';

const bin = (name) => join(root, 'node_modules/.bin', name);
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const truthy = (v) => v === '1' || v === 'true';
const requirePostgres = truthy(process.env.REQUIRE_POSTGRES);
const requireE2e = truthy(process.env.REQUIRE_E2E);
const requireFault = truthy(process.env.REQUIRE_FAULT);
const only = process.argv.slice(2); // e.g. `npm test -- web e2e`
const slots = Number(process.env.TEST_JOBS) || Math.max(2, availableParallelism()) + 1;
const SLOWEST = 10;

const wanted = (name) => !only.length || only.some((o) => name.startsWith(o));

/**
 * @typedef {{ passed: number, failed: number, skipped: number, flaky?: number }} TCounts
 * @typedef {{ file: string, seconds: number }} TFileTime
 * @typedef {{
 *   name: string, cmd: string, args: string[], cwd: string, env?: Record<string, string>,
 *   report: string, counts: (file: string) => TCounts, times: () => TFileTime[],
 * }} TJob
 * @typedef {{ name: string, state: 'passed' | 'failed' | 'skipped', passed: number, failed: number,
 *   skipped: number, flaky?: number, seconds?: number, slowest?: TFileTime[], note?: string }} TResult
 */

/** @type {TResult[]} */
const results = [];

function readVitestCounts(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function readPlaywrightCounts(file) {
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  // A test that passed on its retry counts as passed and is named flaky in the summary.
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped, flaky: s.flaky };
}

/** Seconds per spec file of a Playwright JSON report (every attempt of every test in it). */
function readPlaywrightTimes(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const perFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...perFile].map(([f, ms]) => ({ file: `e2e/tests/${f}`, seconds: Math.round(ms / 100) / 10 }));
}

function readJsonTimes(file, dir) {
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')).files.map((f) => ({
    file: relative(root, join(root, dir, f.file)),
    seconds: f.seconds,
  }));
}

function skip(name, note) {
  if (!wanted(name)) return;
  const required = name.startsWith('fault')
    ? requireFault
    : (name.includes('PostgreSQL') && requirePostgres) || (name.startsWith('e2e') && requireE2e);
  results.push({ name, state: required ? 'failed' : 'skipped', passed: 0, failed: required ? 1 : 0, skipped: 0, note });
}

/** @returns {TJob} */
function vitest(name, dir, args = [], env = {}) {
  const slug = name.replace(/\W+/g, '-');
  const report = join(tmp, `vitest-${slug}.json`);
  const timesFile = join(tmp, `vitest-${slug}-files.json`);
  return {
    name,
    cmd: bin('vitest'),
    args: [
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      `--reporter=${join(root, 'scripts/vitest-file-times.mjs')}`,
    ],
    cwd: join(root, dir),
    env: { ...env, VITEST_FILE_TIMES: timesFile },
    report,
    counts: readVitestCounts,
    times: () => readJsonTimes(timesFile, dir),
  };
}

/** @type {TJob[]} the tiers to run, longest first (they start in this order). */
const jobs = [];
const pgUrl = process.env.TEST_DATABASE_URL;
const add = (job) => wanted(job.name) && jobs.push(job);

const e2e = 'e2e: Chromium against the real server';
const chromium = chromiumPath();
if (!existsSync(chromium)) skip(e2e, `${chromium} not found (apt-get install chromium-headless-shell)`);
else {
  const report = join(tmp, 'e2e-results.json');
  add({
    name: e2e,
    cmd: bin('playwright'),
    args: ['test'],
    cwd: join(root, 'e2e'),
    env: { CHROMIUM_PATH: chromium },
    report,
    counts: readPlaywrightCounts,
    times: () => readPlaywrightTimes(report),
  });
}

add(vitest('api: server on PGlite (with server unit tests)', 'apps/server', [], { TEST_DATABASE_URL: '' }));
add(vitest('web: Testing Library in happy-dom', 'apps/web'));
if (pgUrl) add(vitest('api: server on PostgreSQL', 'apps/server', ['test/'], { TEST_DATABASE_URL: pgUrl }));
else skip('api: server on PostgreSQL', 'TEST_DATABASE_URL is not set');
const scale = 'scale: two processes behind nginx on PostgreSQL';
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (!pgUrl) skip(scale, 'TEST_DATABASE_URL is not set');
else if (!existsSync(nginx)) skip(scale, `${nginx} not found (apt-get install nginx)`);
else add(vitest(scale, 'apps/server', ['--config', 'vitest.scale.config.ts'], { TEST_DATABASE_URL: pgUrl }));
// The fault tier starts a PostgreSQL cluster of its own (never the shared server): it needs the
// installed PostgreSQL's programs, and when run as root the postgres system user to run them as.
const fault = 'fault: PostgreSQL restarts under a payment';
const pgBin = postgresBinDir();
if (!pgBin) skip(fault, 'initdb not found (apt-get install postgresql, or set PG_BIN)');
else if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0)
  skip(fault, 'running as root and there is no postgres user to run initdb as');
else add(vitest(fault, 'apps/server', ['--config', 'vitest.fault.config.ts'], { PG_BIN: pgBin }));
add(vitest('unit: contract', 'packages/contract'));

/**
 * The installed PostgreSQL's programs (initdb, pg_ctl): PG_BIN, else `pg_config --bindir`, else
 * the newest /usr/lib/postgresql/<version>/bin; the same order as apps/server/test-fault/postgres.ts.
 */
function postgresBinDir() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (config.status === 0) candidates.push(config.stdout.trim());
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    candidates.push(
      ...readdirSync(debian)
        .filter((v) => /^\d+(\.\d+)?$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => join(debian, v, 'bin')),
    );
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

/** Runs one job with its output in a log file; resolves with its result once printed. */
function start(job) {
  const log = join(tmp, `${job.name.replace(/\W+/g, '-')}.log`);
  rmSync(job.report, { force: true });
  const started = Date.now();
  console.log(`▶ ${job.name} (started; its output follows when it ends)`);
  const fd = openSync(log, 'w');
  const child = spawn(job.cmd, job.args, {
    cwd: job.cwd,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...job.env },
  });
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      closeSync(fd);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n━━ ${job.name} (${seconds} s) ━━`);
      process.stdout.write(readFileSync(log, 'utf8'));
      let c = { passed: 0, failed: 0, skipped: 0 };
      if (existsSync(job.report)) c = job.counts(job.report);
      const ok = code === 0;
      if (!ok && c.failed === 0) c.failed = 1; // a crash before any test ran still fails the tier
      const slowest = job
        .times()
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, SLOWEST);
      resolve({ name: job.name, state: ok ? 'passed' : 'failed', ...c, seconds, slowest });
    });
  });
}

const started = Date.now();
// The browser tier serves the built app: built before any tier starts, so no tier waits on it.
if (jobs.some((j) => j.name === e2e)) buildWebIfStale();
/** At most `slots` jobs at once; the queue keeps its order. */
await new Promise((done) => {
  let running = 0;
  const queue = [...jobs];
  const next = () => {
    while (queue.length && running < slots) {
      const job = queue.shift();
      running += 1;
      void start(job).then((result) => {
        results.push(result);
        running -= 1;
        next();
      });
    }
    if (!queue.length && running === 0) done();
  };
  next();
});

console.log('\n━━ summary ━━');
const order = (r) => jobs.findIndex((j) => j.name === r.name);
for (const r of results.sort((a, b) => order(a) - order(b))) {
  const figures =
    r.state === 'skipped'
      ? `skipped: ${r.note}`
      : `${r.passed} passed${r.flaky ? ` (${r.flaky} flaky: passed on the retry)` : ''}, ${r.failed} failed, ${r.skipped} skipped in ${r.seconds ?? 0} s`;
  const mark = r.state === 'passed' ? 'ok  ' : r.state === 'skipped' ? 'skip' : 'FAIL';
  const why = r.state === 'failed' && r.note ? ` (required: ${r.note})` : '';
  console.log(`  ${mark} ${r.name}: ${figures}${why}`);
  if (r.slowest?.length) console.log(`       slowest files:`);
  for (const f of r.slowest ?? []) console.log(`       ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
}
const total = results.reduce(
  (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
console.log(`wall time: ${Math.round((Date.now() - started) / 1000)} s on ${slots} slots`);
process.exit(results.some((r) => r.state === 'failed') ? 1 : 0);
