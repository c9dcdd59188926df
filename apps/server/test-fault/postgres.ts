/**
 * The fault tier's own PostgreSQL (issue 41): a cluster made with the installed PostgreSQL's
 * initdb in a temporary directory, on a free port of 127.0.0.1, that the tier may stop and start
 * at will; the machine's shared server is never touched. initdb and the server refuse root, so
 * when the tests run as root every PostgreSQL program runs as the `postgres` system user.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './servers.ts';

/**
 * The directory of the installed PostgreSQL's programs: PG_BIN when set, else what `pg_config
 * --bindir` names, else the newest /usr/lib/postgresql/<version>/bin (Debian's layout). undefined
 * when none has initdb.
 */
export function postgresBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (config.status === 0) candidates.push(config.stdout.trim());
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

const asRoot = () => process.getuid?.() === 0;

export type StopMode = 'fast' | 'immediate';

export interface PostgresCluster {
  port: number;
  /** A URL of database `name` on the cluster (user postgres, trust). */
  url(name: string): string;
  /** `pg_ctl stop -m mode`, waiting until the server is down. */
  stop(mode: StopMode): void;
  /** `pg_ctl start`, waiting until it accepts connections (after crash recovery when stopped immediately). */
  start(): void;
  /** The server's log (for a failure's message). */
  log(): string;
  /** Stops the server (immediately) and removes the directory; safe to call twice. */
  close(): void;
}

export function startPostgres(binDir: string): Promise<PostgresCluster> {
  return freePort().then((port) => {
    const root = mkdtempSync(join(tmpdir(), 'fp-fault-pg-'));
    // The postgres user writes the data directory, the socket and the log here.
    if (asRoot()) chmodSync(root, 0o777);
    const data = join(root, 'data');
    const logFile = join(root, 'postgres.log');
    const run = (program: string, args: string[], timeoutMs = 120_000) => {
      const command = join(binDir, program);
      const [cmd, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
      const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: root, timeout: timeoutMs });
      if (result.status !== 0)
        throw new Error(
          `${program} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}\n${log()}`,
        );
      return result.stdout;
    };
    const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '');
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      process.off('exit', close);
      if (existsSync(join(data, 'postmaster.pid'))) {
        try {
          run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30']);
        } catch {
          // Already down: nothing to stop.
        }
      }
      rmSync(root, { recursive: true, force: true });
    };
    // A run that ends without its afterAll (a crash of the worker) still stops the server.
    process.on('exit', close);
    try {
      run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
      const options = [
        `-p ${port}`,
        '-c listen_addresses=127.0.0.1',
        `-c unix_socket_directories=${root}`,
        // The server's process ending loses nothing written with these off: only the
        // machine's crash would (the tier never crashes the machine).
        '-c fsync=off',
        '-c full_page_writes=off',
        '-c max_connections=100',
      ].join(' ');
      const start = () => void run('pg_ctl', ['start', '-D', data, '-l', logFile, '-o', options, '-w', '-t', '60']);
      start();
      return {
        port,
        url: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
        stop: (mode) => void run('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '60']),
        start,
        log,
        close,
      };
    } catch (err) {
      close();
      throw err;
    }
  });
}
