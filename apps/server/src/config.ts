import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** An unset and an empty variable mean the same: not configured. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A whole number from `min` to `max`, `fallback` when unset or empty, one Chinese message for anything else. */
const wholeNumber = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} 必须是 ${min} 到 ${max} 的整数`;
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );
};

/** Environment variables, parsed once. Every default of the product lives here. */
const ZEnv = z.object({
  PORT: wholeNumber('PORT', 0, 65535, 8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional(z.url('DATABASE_URL 不是有效的连接地址')),
  JWT_SECRET: optional(z.string().min(32, 'JWT_SECRET 至少 32 个字符')),
  /** 32 bytes, base64url: encrypts ID and card numbers and TOTP secrets at rest. */
  ENCRYPTION_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'ENCRYPTION_KEY 必须是 32 字节的 base64url 编码')),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL 只能是 fatal、error、warn、info、debug、trace 或 silent',
    })
    .default('info'),
  /**
   * Show the demo accounts on the login page and seed demo data into an empty database. On by
   * default on the embedded database (the two-command start), off by default with DATABASE_URL.
   */
  DEMO_MODE: optional(
    z
      .enum(['0', '1', 'true', 'false'], { error: 'DEMO_MODE 只能是 0、1、true 或 false' })
      .transform((v) => v === '1' || v === 'true'),
  ),
  /**
   * The reverse proxies whose X-Forwarded-For is believed: a comma-separated list of addresses
   * and CIDR ranges. Unset: the client's own address counts, whatever headers it sends.
   */
  TRUST_PROXY: optional(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every(isProxyAddress), {
        error: 'TRUST_PROXY 应为逗号分隔的 IP 地址或网段（CIDR），例如 127.0.0.1,10.0.0.0/8',
      }),
  ),
  /**
   * Seconds a verified token's session and rights are reused without reading the database
   * (ADR 0007); 0 reads them on every request. A write request clears them in its own process.
   */
  SESSION_CACHE_SECONDS: wholeNumber('SESSION_CACHE_SECONDS', 0, 60, 5),
  /** The key of the payout provider's signed callbacks; generated into the data dir when unset. */
  PAYOUT_CALLBACK_SECRET: optional(z.string().min(32, 'PAYOUT_CALLBACK_SECRET 至少 32 个字符')),
  /** Milliseconds between payout dispatch, sandbox callbacks and reconciliation runs; 0: off. */
  PAYOUT_TICK_MS: wholeNumber('PAYOUT_TICK_MS', 0, 60_000, 1_000),
  /** Serve the API documentation at /api/docs without a session; unset: only in demo mode. */
  API_DOCS: optional(z.enum(['0', '1', 'true', 'false'], { error: 'API_DOCS 只能是 0、1、true 或 false' })),
  /** Directory of the built web app; empty to serve the API only. */
  WEB_DIST: optional(z.string()),
  /**
   * Where files are kept: `local` (the data dir's files folder) or `database` (PostgreSQL, shared
   * by every server process, ADR 0021). Default: database with DATABASE_URL, local without.
   */
  FILE_STORE: optional(z.enum(['local', 'database'], { error: 'FILE_STORE 只能是 local 或 database' })),
  /**
   * The address the public reaches this console at (scheme, host, optional port and path, no
   * trailing slash): a receipt's QR code points at its /verify page there. Unset: http://localhost:PORT.
   */
  PUBLIC_URL: optional(
    z
      .url({ protocol: /^https?$/, error: 'PUBLIC_URL 应为 http(s) 地址，例如 https://hr.example.com' })
      .max(150, 'PUBLIC_URL 最多 150 个字符')
      .refine((v) => !/[?#]/.test(v), { error: 'PUBLIC_URL 不能带查询参数或锚点' })
      .transform((v) => v.replace(/\/+$/, '')),
  ),
  /** Days the API access log (网关日志) keeps, by whole days: older days are dropped. */
  ACCESS_LOG_DAYS: wholeNumber('ACCESS_LOG_DAYS', 1, 3650, 30),
  /** Write the API access log (网关日志); on unless 0 or false (benchmarks compare both). */
  ACCESS_LOG: optional(z.enum(['0', '1', 'true', 'false'], { error: 'ACCESS_LOG 只能是 0、1、true 或 false' })),
  /** The name this process answers in an X-Served-By header (several processes behind a proxy); unset: none. */
  PROCESS_NAME: optional(
    z.string().regex(/^[\w.-]{1,40}$/, 'PROCESS_NAME 只能包含字母、数字、点、下划线和连字符，最多 40 个字符'),
  ),
  /**
   * /metrics (Prometheus) on a port of its own, for a network the public cannot reach; unset: on
   * the main port behind METRICS_TOKEN, or not at all.
   */
  METRICS_PORT: optional(
    z.coerce
      .number({ error: 'METRICS_PORT 必须是 0 到 65535 的整数' })
      .int('METRICS_PORT 必须是 0 到 65535 的整数')
      .min(0, 'METRICS_PORT 必须是 0 到 65535 的整数')
      .max(65535, 'METRICS_PORT 必须是 0 到 65535 的整数'),
  ),
  /** The bearer token /metrics asks for (on the main port, and on METRICS_PORT when both are set). */
  METRICS_TOKEN: optional(
    z.string().regex(/^[\x21-\x7e]{32,200}$/, 'METRICS_TOKEN 应为 32 到 200 个可见 ASCII 字符（不含空格）'),
  ),
});

/** An IPv4/IPv6 address, or one with a prefix length that fits it (CIDR). */
function isProxyAddress(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  encryptionKey: string;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  demoMode: boolean;
  /** Addresses and CIDR ranges of the reverse proxies to believe; empty: none. */
  trustProxy: string[];
  webDist: string | undefined;
  sessionCacheSeconds: number;
  /** The key of the payout provider's signed callbacks (the sandbox signs with it too). */
  payoutCallbackSecret: string;
  /**
   * How often the sandbox provider delivers due callbacks and payouts are reconciled and
   * dispatched, in ms; 0 runs none of it on a timer (tests drive it).
   */
  payoutTickMs: number;
  /** /api/docs without a session; undefined follows demo mode. */
  apiDocs?: boolean | undefined;
  /** Where files are kept (FILE_STORE); local when unset. */
  fileStore?: 'local' | 'database' | undefined;
  /** Answered in X-Served-By by every response; unset: no such header. */
  processName?: string | undefined;
  /** /metrics on a port of its own (METRICS_PORT); unset: on the main port if a token is set. */
  metricsPort?: number | undefined;
  /** The bearer token of /metrics (METRICS_TOKEN); with neither it nor a port, /metrics is not served. */
  metricsToken?: string | undefined;
  /**
   * How often this process writes its heartbeat row (系统监控), in ms: 10 s when started by
   * server.ts; unset: never on a timer (tests beat by hand).
   */
  heartbeatMs?: number | undefined;
  /** The chat streams' heartbeat, in ms (default 15 s; tests shorten it). */
  chatHeartbeatMs?: number | undefined;
  /** Days of the API access log kept (default 30). */
  accessLogDays?: number | undefined;
  /** Whether the API access log is written (default on). */
  accessLog?: boolean | undefined;
  /** Where the public reaches the console (PUBLIC_URL, no trailing slash); unset: http://localhost:<port>. */
  publicUrl?: string | undefined;
}

/**
 * A secret kept in the data directory: read when present, generated once otherwise, so that
 * tokens survive restarts without anyone having to configure one.
 */
export function loadOrCreateSecret(dataDir: string, fileName: string, bytes = 48): string {
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** The environment checked, or an error in Chinese naming each bad variable. */
function parseEnv(env: NodeJS.ProcessEnv) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`配置有误:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.FILE_STORE === 'database' && !e.DATABASE_URL) {
    throw new Error(
      '配置有误:\n  FILE_STORE: database 需要同时设置 DATABASE_URL（内嵌数据库只供一个进程使用，文件保存在数据目录即可）',
    );
  }
  return e;
}

/**
 * Where the data is (database, data dir, file store), read without generating any secret into the
 * data dir: the backup tools use it, and a restore must find the data dir as the backup left it.
 */
export function loadStorageConfig(
  env: NodeJS.ProcessEnv = process.env,
): Pick<AppConfig, 'dataDir' | 'databaseUrl'> & { fileStore: 'local' | 'database' } {
  const e = parseEnv(env);
  return {
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    fileStore: e.FILE_STORE ?? (e.DATABASE_URL ? 'database' : 'local'),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = parseEnv(env);
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir, 'jwt-secret'),
    encryptionKey: e.ENCRYPTION_KEY ?? loadOrCreateSecret(dataDir, 'encryption-key', 32),
    logLevel: e.LOG_LEVEL,
    demoMode: e.DEMO_MODE ?? !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY ?? [],
    webDist: e.WEB_DIST,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    payoutCallbackSecret: e.PAYOUT_CALLBACK_SECRET ?? loadOrCreateSecret(dataDir, 'payout-callback-secret'),
    payoutTickMs: e.PAYOUT_TICK_MS,
    apiDocs: e.API_DOCS === undefined ? undefined : e.API_DOCS === '1' || e.API_DOCS === 'true',
    fileStore: e.FILE_STORE ?? (e.DATABASE_URL ? 'database' : 'local'),
    processName: e.PROCESS_NAME,
    accessLogDays: e.ACCESS_LOG_DAYS,
    accessLog: e.ACCESS_LOG === undefined ? true : e.ACCESS_LOG === '1' || e.ACCESS_LOG === 'true',
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT || 8080}`,
    heartbeatMs: 10_000,
  };
}
