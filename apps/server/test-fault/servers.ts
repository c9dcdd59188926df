/**
 * The fault tier's server processes: the real server (`src/server.ts`) as child processes on the
 * tier's own PostgreSQL, started and killed by name, their output kept for a failure's message
 * (the pattern of test-scale/cluster.ts, without nginx: each process is called directly).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_ENCRYPTION_KEY } from '../test/keys.ts';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const seedEntry = fileURLToPath(new URL('../src/seed/cli.ts', import.meta.url));

export async function freePort(): Promise<number> {
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

/** What every process of the tier is given: the database, secrets, the demo mode, a fast payout timer. */
function environment(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    FILE_STORE: 'database',
    DEMO_MODE: '1',
    LOG_LEVEL: 'warn',
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    JWT_SECRET: 'fault-test-secret-fault-test-secret-0123456789',
    PAYOUT_CALLBACK_SECRET: 'fault-test-payout-callback-secret-0123456789',
    PAYOUT_TICK_MS: '100',
    WEB_DIST: '',
  };
}

/** The seed CLI: migrations, the demo data, and `workers` generated workers for 星河科技. */
export function seed(databaseUrl: string, dataDir: string, workers: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', seedEntry, '--workers', String(workers)], {
      env: environment(databaseUrl, dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}:\n${output}`))));
  });
}

export interface Servers {
  /** The address of a running process. */
  base(name: string): string;
  start(name: string): Promise<void>;
  /** Kills a process (SIGKILL unless told) and waits for its end. */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  running(name: string): boolean;
  /** Processes that ended without being killed by the tier (a crash), with their exit. */
  crashed(): { name: string; exit: string }[];
  /** A process's output so far. */
  log(name: string): string;
  close(): Promise<void>;
}

export function serverProcesses(databaseUrl: string, root: string): Servers {
  const children = new Map<string, ChildProcess>();
  const ports = new Map<string, number>();
  const logs = new Map<string, string>();
  const killed = new Set<ChildProcess>();
  const crashes: { name: string; exit: string }[] = [];

  const start = async (name: string) => {
    const port = ports.get(name) ?? (await freePort());
    ports.set(name, port);
    const dataDir = join(root, `data-${name}`);
    mkdirSync(dataDir, { recursive: true });
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
        env: { ...environment(databaseUrl, dataDir), PORT: String(port), HOST: '127.0.0.1', PROCESS_NAME: name },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.set(name, child);
      logs.set(name, '');
      const timer = setTimeout(() => reject(new Error(`process ${name} did not start:\n${logs.get(name)}`)), 90_000);
      const onData = (chunk: Buffer) => {
        const text = (logs.get(name) ?? '') + chunk.toString();
        logs.set(name, text);
        if (/http:\/\/localhost:\d+\//.test(text)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (children.get(name) === child) children.delete(name);
        if (!killed.has(child)) crashes.push({ name, exit: `${code ?? signal}` });
        reject(new Error(`process ${name} exited with ${code ?? signal}:\n${logs.get(name)}`));
      });
    });
  };

  return {
    base: (name) => `http://127.0.0.1:${ports.get(name) ?? 0}`,
    start,
    async kill(name, signal = 'SIGKILL') {
      const child = children.get(name);
      if (!child) return;
      killed.add(child);
      // Not running from now on: a call in flight that fails with the kill is no fault.
      children.delete(name);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
    running: (name) => children.has(name),
    crashed: () => [...crashes],
    log: (name) => logs.get(name) ?? '',
    async close() {
      await Promise.all(
        [...children.values()].map((child) => {
          killed.add(child);
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGKILL');
          return exited;
        }),
      );
    },
  };
}
