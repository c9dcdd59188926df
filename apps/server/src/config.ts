import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  /** Show the demo accounts on the login page and seed demo data into an empty database. */
  DEMO_MODE: z
    .enum(['0', '1', 'true', 'false'], { error: 'DEMO_MODE 只能是 0、1、true 或 false' })
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * Seconds a verified token's session and rights are reused without reading the database
   * (ADR 0007); 0 reads them on every request. A write request clears them in its own process.
   */
  SESSION_CACHE_SECONDS: wholeNumber('SESSION_CACHE_SECONDS', 0, 60, 5),
  /** Serve the API documentation at /api/docs without a session; unset: only in demo mode. */
  API_DOCS: optional(z.enum(['0', '1', 'true', 'false'], { error: 'API_DOCS 只能是 0、1、true 或 false' })),
  /** Directory of the built web app; empty to serve the API only. */
  WEB_DIST: optional(z.string()),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  encryptionKey: string;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  demoMode: boolean;
  webDist: string | undefined;
  sessionCacheSeconds: number;
  /** /api/docs without a session; undefined follows demo mode. */
  apiDocs?: boolean | undefined;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`配置有误:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir, 'jwt-secret'),
    encryptionKey: e.ENCRYPTION_KEY ?? loadOrCreateSecret(dataDir, 'encryption-key', 32),
    logLevel: e.LOG_LEVEL,
    demoMode: e.DEMO_MODE,
    webDist: e.WEB_DIST,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    apiDocs: e.API_DOCS === undefined ? undefined : e.API_DOCS === '1' || e.API_DOCS === 'true',
  };
}
