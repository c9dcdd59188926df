// npm test: every test tier this machine can run, then a summary of what ran and what was
// skipped and why. REQUIRE_POSTGRES=1 / REQUIRE_E2E=1 turn a missing tier into a failure.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfStale, root } from './web-build.mjs';

const bin = (name) => join(root, 'node_modules/.bin', name);
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const truthy = (v) => v === '1' || v === 'true';
const requirePostgres = truthy(process.env.REQUIRE_POSTGRES);
const requireE2e = truthy(process.env.REQUIRE_E2E);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const only = process.argv.slice(2); // e.g. `npm test -- web e2e`

/** @type {{ name: string, state: 'passed' | 'failed' | 'skipped', passed: number, failed: number, skipped: number, seconds?: number, note?: string }[]} */
const results = [];

function readVitestCounts(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function readPlaywrightCounts(file) {
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
}

function run(name, cmd, args, { cwd, env = {}, report, counts }) {
  if (only.length && !only.some((o) => name.startsWith(o))) return;
  console.log(`\n━━ ${name} ━━`);
  rmSync(report, { force: true });
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  let c = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(report)) c = counts(report);
  const ok = res.status === 0;
  if (!ok && c.failed === 0) c.failed = 1; // a crash before any test ran still fails the tier
  results.push({ name, state: ok ? 'passed' : 'failed', ...c, seconds: Math.round((Date.now() - started) / 1000) });
}

/**
 * Like `run`, but in the background while the next tiers run: its output goes to a log file,
 * printed once it has ended (`finish`). The PostgreSQL API tier waits mostly on the database
 * server, so it shares the machine with the in-process tiers (PGlite, jsdom) that keep one core
 * busy each: the run takes the longer of the two lanes instead of their sum.
 */
function runInBackground(name, cmd, args, { cwd, env = {}, report, counts }) {
  if (only.length && !only.some((o) => name.startsWith(o))) return { finish: async () => {} };
  const log = join(tmp, `${name.replace(/\W+/g, '-')}.log`);
  rmSync(report, { force: true });
  const fd = openSync(log, 'w');
  const started = Date.now();
  console.log(`\n━━ ${name} (in the background; its output follows when it ends) ━━`);
  const child = spawn(cmd, args, { cwd, stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    async finish() {
      const code = await exited;
      closeSync(fd);
      console.log(`\n━━ ${name} ━━`);
      process.stdout.write(readFileSync(log, 'utf8'));
      let c = { passed: 0, failed: 0, skipped: 0 };
      if (existsSync(report)) c = counts(report);
      const ok = code === 0;
      if (!ok && c.failed === 0) c.failed = 1;
      results.push({ name, state: ok ? 'passed' : 'failed', ...c, seconds: Math.round((Date.now() - started) / 1000) });
    },
  };
}

function skip(name, note) {
  if (only.length && !only.some((o) => name.startsWith(o))) return;
  results.push({
    name,
    state: requireTier(name) ? 'failed' : 'skipped',
    passed: 0,
    failed: requireTier(name) ? 1 : 0,
    skipped: 0,
    note,
  });
}
const requireTier = (name) =>
  (name.includes('PostgreSQL') && requirePostgres) || (name.startsWith('e2e') && requireE2e);

const vitest = (name, dir, args = [], env = {}, runner = run) => {
  const report = join(tmp, `vitest-${name.replace(/\W+/g, '-')}.json`);
  return runner(
    name,
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: join(root, dir), env, report, counts: readVitestCounts },
  );
};

// Two lanes: the PostgreSQL API tier in the background, the in-process tiers in the foreground.
const postgres = process.env.TEST_DATABASE_URL
  ? vitest(
      'api: server on PostgreSQL',
      'apps/server',
      ['test/'],
      { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
      runInBackground,
    )
  : undefined;
vitest('unit: contract', 'packages/contract');
vitest('api: server on PGlite (with server unit tests)', 'apps/server', [], { TEST_DATABASE_URL: '' });
vitest('web: Testing Library in jsdom', 'apps/web');
if (postgres) await postgres.finish();
else skip('api: server on PostgreSQL', 'TEST_DATABASE_URL is not set');
const scale = 'scale: two processes behind nginx on PostgreSQL';
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (!process.env.TEST_DATABASE_URL) skip(scale, 'TEST_DATABASE_URL is not set');
else if (!existsSync(nginx)) skip(scale, `${nginx} not found (apt-get install nginx)`);
else
  vitest(scale, 'apps/server', ['--config', 'vitest.scale.config.ts'], {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
if (existsSync(chromium)) {
  if (!only.length || only.some((o) => 'e2e'.startsWith(o) || o.startsWith('e2e'))) buildWebIfStale();
  run('e2e: Chromium against the real server', bin('playwright'), ['test'], {
    cwd: join(root, 'e2e'),
    report: join(tmp, 'e2e-results.json'),
    counts: readPlaywrightCounts,
  });
} else {
  skip('e2e: Chromium against the real server', `${chromium} not found (apt-get install chromium)`);
}

console.log('\n━━ summary ━━');
for (const r of results) {
  const figures =
    r.state === 'skipped'
      ? `skipped: ${r.note}`
      : `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped in ${r.seconds ?? 0} s`;
  const mark = r.state === 'passed' ? 'ok  ' : r.state === 'skipped' ? 'skip' : 'FAIL';
  const why = r.state === 'failed' && r.note ? ` (required: ${r.note})` : '';
  console.log(`  ${mark} ${r.name}: ${figures}${why}`);
}
const total = results.reduce(
  (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(results.some((r) => r.state === 'failed') ? 1 : 0);
