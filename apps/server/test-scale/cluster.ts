/**
 * The scale-out tier's cluster (issue 29): a PostgreSQL database cloned from the run's seeded
 * template, two real server processes on it (`src/server.ts`, each named in X-Served-By, files in
 * the database), and nginx in front of them with `deploy/nginx.conf`, its ports rewritten.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgres, type Database } from '../src/db/client.ts';
import { TEST_ENCRYPTION_KEY } from '../test/keys.ts';
import { adminUrl, databaseUrlFor } from '../test/pg-urls.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const deployConf = fileURLToPath(new URL('../../../deploy/nginx.conf', import.meta.url));

export type ProcessName = 'a' | 'b';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** deploy/nginx.conf with this cluster's ports and a private prefix for its pid, logs and temp files. */
export function nginxConfig(listen: number, upstreams: number[], prefix: string): string {
  let conf = readFileSync(deployConf, 'utf8');
  const servers = conf.match(/^\s*server 127\.0\.0\.1:\d+[^\n]*\n/gm) ?? [];
  if (servers.length < 2) throw new Error('deploy/nginx.conf has no upstream servers to rewrite');
  const template = servers[0] ?? '';
  conf = conf.replace(servers.join(''), upstreams.map((p) => template.replace(/:\d+/, `:${p}`)).join(''));
  conf = conf.replace(/^(\s*)listen 8080;/m, `$1listen 127.0.0.1:${listen};`);
  conf = conf.replace(/^worker_processes [^;]+;/m, 'worker_processes 1;');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((k) => `  ${k}_temp_path ${join(prefix, k)};`)
    .join('\n');
  conf = conf.replace(/^http \{\n/m, `http {\n${temp}\n  access_log ${join(prefix, 'access.log')};\n`);
  if (!conf.includes(`listen 127.0.0.1:${listen};`))
    throw new Error('deploy/nginx.conf has no `listen 8080;` to rewrite');
  return conf;
}

export interface Cluster {
  /** nginx's address: every check goes through it. */
  base: string;
  db: Database['db'];
  /** Each process's own address (for what must not go through nginx, like waiting for a start). */
  direct: Record<ProcessName, string>;
  kill(name: ProcessName, signal?: NodeJS.Signals): Promise<void>;
  start(name: ProcessName): Promise<void>;
  running(name: ProcessName): boolean;
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** A URL of the PostgreSQL server (its database is not used). */
  url: string;
  /** A seeded database to clone (the test tiers' template), or none: a new one, seeded by the first process. */
  template?: string;
  /** Ends the new database's name. */
  tag: string;
  /** More environment for both processes. */
  env?: Record<string, string>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const name = options.template
    ? `${options.template.replace('fp_tpl_', 'fp_t_')}_${options.tag}`
    : `fp_cluster_${options.tag}`;
  const admin = openPostgres(adminUrl(options.url), 1);
  try {
    await admin.pool.query(`drop database if exists ${name} with (force)`);
    await admin.pool.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  } finally {
    await admin.close();
  }
  const dbUrl = databaseUrlFor(options.url, name);
  const database = openPostgres(dbUrl, 4);
  const root = mkdtempSync(join(tmpdir(), 'fp-scale-'));
  const ports: Record<ProcessName, number> = { a: await freePort(), b: await freePort() };
  const listen = await freePort();
  const children: Partial<Record<ProcessName, ChildProcess>> = {};
  const logs: Record<ProcessName, string> = { a: '', b: '' };

  const start = (p: ProcessName) =>
    new Promise<void>((resolve, reject) => {
      const dataDir = join(root, `data-${p}`);
      mkdirSync(dataDir, { recursive: true });
      const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          DATA_DIR: dataDir,
          PORT: String(ports[p]),
          HOST: '127.0.0.1',
          PROCESS_NAME: p,
          FILE_STORE: 'database',
          TRUST_PROXY: '127.0.0.1',
          // A new database is seeded by the first process to start (the demo data and its files).
          DEMO_MODE: options.template ? '0' : '1',
          LOG_LEVEL: 'warn',
          ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
          JWT_SECRET: 'scale-test-secret-scale-test-secret-0123456789',
          PAYOUT_CALLBACK_SECRET: 'scale-test-payout-callback-secret-0123456789',
          PAYOUT_TICK_MS: '100',
          WEB_DIST: '',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children[p] = child;
      logs[p] = '';
      const timer = setTimeout(() => reject(new Error(`process ${p} did not start:\n${logs[p]}`)), 90_000);
      const onData = (chunk: Buffer) => {
        logs[p] += chunk.toString();
        if (/http:\/\/localhost:\d+\//.test(logs[p])) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (children[p] === child) delete children[p];
        reject(new Error(`process ${p} exited with ${code}:\n${logs[p]}`));
      });
    });

  const prefix = join(root, 'nginx');
  mkdirSync(prefix, { recursive: true });
  for (const k of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, k));
  // nginx's workers drop root for `nobody`: they must write request bodies and buffers here.
  for (const dir of [root, prefix, ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => join(prefix, k))])
    chmodSync(dir, 0o777);
  const confFile = join(prefix, 'nginx.conf');
  writeFileSync(confFile, nginxConfig(listen, [ports.a, ports.b], prefix));
  let nginx: ChildProcess | undefined;

  const close = async () => {
    for (const child of Object.values(children)) child?.kill('SIGKILL');
    nginx?.kill('SIGQUIT');
    await database.close();
    const admin = openPostgres(adminUrl(options.url), 1);
    await admin.pool.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.close();
    rmSync(root, { recursive: true, force: true });
  };

  try {
    // One at a time: each start migrates (a no-op on the clone) before it listens.
    await start('a');
    await start('b');
    const test = spawnSync(NGINX, ['-t', '-p', prefix, '-c', confFile, '-g', `pid ${join(prefix, 'nginx.pid')};`], {
      encoding: 'utf8',
    });
    if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
    nginx = spawn(
      NGINX,
      [
        '-p',
        prefix,
        '-c',
        confFile,
        '-g',
        `daemon off; pid ${join(prefix, 'nginx.pid')}; error_log ${join(prefix, 'error.log')};`,
      ],
      { stdio: 'ignore' },
    );
    const base = `http://127.0.0.1:${listen}`;
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 100)
        throw new Error(
          `nginx did not answer:\n${existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : ''}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
    return {
      base,
      db: database.db,
      direct: { a: `http://127.0.0.1:${ports.a}`, b: `http://127.0.0.1:${ports.b}` },
      async kill(p, signal = 'SIGKILL') {
        const child = children[p];
        if (!child) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill(signal);
        await exited;
      },
      start,
      running: (p) => Boolean(children[p]),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
