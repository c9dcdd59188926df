import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { createCaptcha, type Captcha } from '../src/lib/captcha.ts';
import { chinaDateOf } from '../src/lib/china-time.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { TEST_ENCRYPTION_KEY } from './keys.ts';
import { adminUrl, databaseUrlFor } from './pg-urls.ts';

let clones = 0;

/**
 * A fresh database for one test file, cloned from the run's migrated and seeded template:
 * PGlite on a copy of the template's data dir by default (removed when closed), a new
 * PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<Database> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (pgTemplate && url) {
    const name = `fp_t_${pgTemplate.slice('fp_tpl_'.length)}_${process.pid}_${++clones}`;
    const admin = openPostgres(adminUrl(url), 1);
    try {
      await admin.pool.query(`create database ${name} template ${pgTemplate}`);
    } finally {
      await admin.close();
    }
    return openPostgres(databaseUrlFor(url, name), 5);
  }
  const template = inject('pgliteTemplate');
  const dir = `${template}-${process.pid}-${++clones}`;
  cpSync(template, dir, { recursive: true });
  try {
    const database = await openPglite({ dataDir: dir });
    const close = database.close;
    database.close = async () => {
      await close();
      rmSync(dir, { recursive: true, force: true });
    };
    return database;
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    // Files written by a test (uploads, exports) go to a temporary folder of its own.
    dataDir: mkdtempSync(join(tmpdir(), 'fp-test-data-')),
    databaseUrl: undefined,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    encryptionKey: TEST_ENCRYPTION_KEY,
    logLevel: 'silent',
    demoMode: true,
    trustProxy: [],
    webDist: undefined,
    sessionCacheSeconds: 5,
    payoutCallbackSecret: 'test-payout-callback-secret-0123456789abcdef',
    // Tests drive dispatch, callbacks and reconciliation themselves.
    payoutTickMs: 0,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh database, called through `app.inject` (no port). */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  beforeReady?: (app: FastifyInstance) => void,
  /** Pino options for a test that reads the server's log lines; silent by default. */
  logger: false | Record<string, unknown> = false,
): Promise<TestApp> {
  return createTestAppOn(await createTestDatabase(), overrides, beforeReady, logger);
}

/**
 * The real app on a database the test opened itself (closed with the app; on failure too). A
 * data dir given in the overrides is the test's to remove; the temporary one is removed.
 */
export async function createTestAppOn(
  database: Database,
  overrides: Partial<AppConfig> = {},
  beforeReady?: (app: FastifyInstance) => void,
  logger: false | Record<string, unknown> = false,
): Promise<TestApp> {
  let app: FastifyInstance;
  try {
    app = await buildApp({ config: testConfig(overrides), database, logger, captcha: drawRememberedCaptcha });
    beforeReady?.(app);
    await app.ready();
  } catch (err) {
    await database.close();
    throw err;
  }
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      if (!overrides.dataDir) rmSync(app.config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server process on the same PostgreSQL database as `first`: its own pool, its own
 * listening connection, its own app (and memory). PostgreSQL only: a PGlite database belongs to
 * one process.
 */
export async function createSecondProcess(first: TestApp, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  if (first.database.kind !== 'postgres') throw new Error('a second process needs PostgreSQL');
  const url = (first.database as Database & { pool: { options: { connectionString?: string } } }).pool.options
    .connectionString;
  if (!url) throw new Error('the first process has no connection string');
  const database = openPostgres(url, 5);
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    logger: false,
    captcha: drawRememberedCaptcha,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(app.config.dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO_PASSWORD = 'Demo@123456';

let ipCounter = 0;
/** A fresh client IP, so that per-IP limits of one test do not leak into another. */
export const freshIp = () => `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read envelopes of every shape
type AnyBody = any;
export interface Reply {
  statusCode: number;
  body: AnyBody;
  headers: Record<string, string | string[] | number | undefined>;
}
export interface Caller {
  get(url: string, query?: Record<string, string | number>): Promise<Reply>;
  post(url: string, payload?: unknown): Promise<Reply>;
  put(url: string, payload?: unknown): Promise<Reply>;
  del(url: string): Promise<Reply>;
}

/** Calls the app as a client with this token (or none), answering the parsed envelope. */
export function caller(app: FastifyInstance, token?: string, ip = '127.0.0.1'): Caller {
  const headers = token ? { authorization: token } : {};
  const send = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    query?: Record<string, string | number>,
  ) => {
    const res = await app.inject({
      method,
      url,
      headers,
      // The client's own address: X-Forwarded-For counts only from a configured proxy.
      remoteAddress: ip,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
      ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
    });
    return { statusCode: res.statusCode, body: res.json() as AnyBody, headers: res.headers };
  };
  return {
    get: (url, query) => send('GET', url, undefined, query),
    post: (url, payload) => send('POST', url, payload ?? {}),
    put: (url, payload) => send('PUT', url, payload ?? {}),
    del: (url) => send('DELETE', url),
  };
}

/**
 * Signs in and answers the token, passing the image captcha when earlier failures on the username
 * ask for it (as the real admin would); fails the test when sign-in does not succeed.
 */
export async function loginAs(app: FastifyInstance, username: string, password = DEMO_PASSWORD, ip = freshIp()) {
  const client = caller(app, undefined, ip);
  let res = await client.post('/api/auth/jwt/ecomapnyToken', { username, password });
  if (res.body.data?.captchaRequired) {
    const captcha = await client.get('/api/admin/vcc/code');
    const { token, svg } = captcha.body.data as { token: string; svg: string };
    res = await client.post('/api/auth/jwt/ecomapnyToken', { username, password, token, code: solveCaptcha(svg) });
  }
  if (res.body.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(res.body)}`);
  return res.body.data as string;
}

/** Answers of the captchas the test apps drew, by image: a script cannot read them from the SVG. */
const captchaAnswers = new Map<string, string>();
function drawRememberedCaptcha(): Captcha {
  const captcha = createCaptcha();
  captchaAnswers.set(captcha.svg, captcha.text);
  return captcha;
}

/** The characters of an SVG captcha drawn by a test app (known to the test, not in the image). */
export function solveCaptcha(svg: string): string {
  const answer = captchaAnswers.get(svg);
  if (answer === undefined) throw new Error('not a captcha drawn by a test app');
  return answer;
}

/** This month in China (`YYYY-MM`): a 发放月份 label every batch may carry. */
export const thisPeriod = () => chinaDateOf(new Date()).slice(0, 7);

/**
 * Tables a request writes even when it is refused (the audit trail, sign-in bookkeeping, and
 * 网关日志's tables with their day partitions): the tests that check a refused call changed
 * nothing leave them out of their snapshot.
 */
export const writtenWhenRefused = (table: string) =>
  ['audit_log', 'session', 'login_attempt'].includes(table) || /^(access|server)_log(_|$)/.test(table);
