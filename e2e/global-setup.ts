import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from './demo-accounts.ts';

const serverEntry = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));

/** The demo admins that tests open the console as without the sign-in form (helpers.ts `useSession`). */
const SESSION_ADMINS = ['demo', 'finance', 'hr', 'demo_yf'];

/**
 * Signs each demo admin in once, through the sign-in API the form calls, and writes their tokens
 * to a file: a test that is not about signing in starts from the session instead of the form
 * (about three seconds and two page loads less each). Answers the file's path.
 */
async function signInDemoAdmins(baseUrl: string, dataDir: string): Promise<string> {
  const tokens: Record<string, string> = {};
  for (const username of SESSION_ADMINS) {
    const res = await fetch(`${baseUrl}/api/auth/jwt/ecomapnyToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    });
    const body = (await res.json()) as { status: number; data?: unknown; message?: string };
    if (body.status !== 200 || typeof body.data !== 'string') {
      throw new Error(`signing ${username} in for the e2e sessions failed: ${JSON.stringify(body)}`);
    }
    tokens[username] = body.data;
  }
  const file = join(dataDir, 'e2e-sessions.json');
  writeFileSync(file, JSON.stringify(tokens));
  return file;
}

/**
 * Starts the real server on a temporary data dir and a free port and hands its address to the
 * tests through E2E_BASE_URL, and the demo admins' sessions through E2E_SESSIONS. The web app
 * must be built (npm test builds it when stale).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DEMO_MODE: '1',
      // info: the default SMS sender logs each code (the tests read them from the output file).
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Everything the server prints, for the tests that need an SMS code (E2E_SERVER_LOG).
  const logFile = join(dataDir, 'server-output.log');
  child.stdout.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
  child.stderr.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 180 s:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SERVER_LOG = logFile;
  process.env.E2E_SESSIONS = await signInDemoAdmins(baseUrl, dataDir);

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
