import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, loadStorageConfig } from './config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fp-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('config', () => {
  it('takes the defaults, and treats an empty variable as unset', () => {
    const config = load({ DATABASE_URL: '', PORT: '' });
    expect(config).toMatchObject({ port: 8080, logLevel: 'info', demoMode: true, sessionCacheSeconds: 5 });
    expect(config.databaseUrl).toBeUndefined();
    // Secrets made once into the data directory and read back after.
    expect(load({}).jwtSecret).toBe(config.jwtSecret);
  });

  it('reads every variable it is given', () => {
    const config = load({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'false',
      SESSION_CACHE_SECONDS: '0',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@127.0.0.1:5432/db',
      logLevel: 'warn',
      demoMode: false,
      sessionCacheSeconds: 0,
    });
  });

  it('trusts no proxy unless TRUST_PROXY lists addresses or CIDR ranges', () => {
    expect(load({}).trustProxy).toEqual([]);
    expect(load({ TRUST_PROXY: '' }).trustProxy).toEqual([]);
    expect(load({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('runs in demo mode by default on the embedded database only', () => {
    expect(load({}).demoMode).toBe(true);
    expect(load({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).demoMode).toBe(false);
    expect(load({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', DEMO_MODE: '1' }).demoMode).toBe(true);
    expect(load({ DEMO_MODE: '0' }).demoMode).toBe(false);
    expect(load({ DEMO_MODE: '' }).demoMode).toBe(true);
  });

  it('keeps files in the database with PostgreSQL and on disk with the embedded database, unless told', () => {
    expect(load({}).fileStore).toBe('local');
    expect(load({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).fileStore).toBe('database');
    expect(load({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', FILE_STORE: 'local' }).fileStore).toBe('local');
    expect(() => load({ FILE_STORE: 'database' })).toThrow('FILE_STORE: database 需要同时设置 DATABASE_URL');
  });

  it("knows its public address for the receipts' QR codes: PUBLIC_URL without a trailing slash, else localhost", () => {
    expect(load({}).publicUrl).toBe('http://localhost:8080');
    expect(load({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(load({ PUBLIC_URL: 'https://hr.example.com/' }).publicUrl).toBe('https://hr.example.com');
    expect(load({ PUBLIC_URL: 'https://example.com/flexpay' }).publicUrl).toBe('https://example.com/flexpay');
    expect(() => load({ PUBLIC_URL: 'ftp://example.com' })).toThrow('PUBLIC_URL 应为 http(s) 地址');
    expect(() => load({ PUBLIC_URL: 'https://example.com/?a=1' })).toThrow('PUBLIC_URL 不能带查询参数或锚点');
  });

  it('names the process in X-Served-By only when told', () => {
    expect(load({}).processName).toBeUndefined();
    expect(load({ PROCESS_NAME: 'app-1' }).processName).toBe('app-1');
  });

  it('finds the data for the backup tools without generating a secret into the data dir', () => {
    const empty = mkdtempSync(join(tmpdir(), 'fp-config-storage-'));
    try {
      expect(loadStorageConfig({ DATA_DIR: empty })).toEqual({
        dataDir: empty,
        databaseUrl: undefined,
        fileStore: 'local',
      });
      expect(loadStorageConfig({ DATA_DIR: empty, DATABASE_URL: 'postgres://u@h/db' }).fileStore).toBe('database');
      expect(readdirSync(empty)).toEqual([]);
      expect(() => loadStorageConfig({ DATA_DIR: empty, FILE_STORE: 'database' })).toThrow(/需要同时设置 DATABASE_URL/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('serves /metrics only when given a port or a token, and beats every 10 s', () => {
    expect(load({})).toMatchObject({ metricsPort: undefined, metricsToken: undefined, heartbeatMs: 10_000 });
    expect(load({ METRICS_PORT: '9181' }).metricsPort).toBe(9181);
    expect(load({ METRICS_TOKEN: 'x'.repeat(32) }).metricsToken).toBe('x'.repeat(32));
  });

  it.each([
    [{ METRICS_PORT: '65536' }, 'METRICS_PORT: METRICS_PORT 必须是 0 到 65535 的整数'],
    [{ METRICS_PORT: 'metrics' }, 'METRICS_PORT: METRICS_PORT 必须是 0 到 65535 的整数'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN: METRICS_TOKEN 应为 32 到 200 个可见 ASCII 字符'],
    [
      { METRICS_TOKEN: `${'x'.repeat(20)} ${'y'.repeat(20)}` },
      'METRICS_TOKEN: METRICS_TOKEN 应为 32 到 200 个可见 ASCII 字符',
    ],
    [{ FILE_STORE: 's3' }, 'FILE_STORE: FILE_STORE 只能是 local 或 database'],
    [{ PROCESS_NAME: 'a b' }, 'PROCESS_NAME: PROCESS_NAME 只能包含字母、数字、点、下划线和连字符'],
    [{ PORT: '70000' }, 'PORT: PORT 必须是 0 到 65535 的整数'],
    [{ PORT: 'http' }, 'PORT: PORT 必须是 0 到 65535 的整数'],
    [{ SESSION_CACHE_SECONDS: '61' }, 'SESSION_CACHE_SECONDS: SESSION_CACHE_SECONDS 必须是 0 到 60 的整数'],
    [{ SESSION_CACHE_SECONDS: '1.5' }, 'SESSION_CACHE_SECONDS: SESSION_CACHE_SECONDS 必须是 0 到 60 的整数'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL: LOG_LEVEL 只能是'],
    [{ DEMO_MODE: 'yes' }, 'DEMO_MODE: DEMO_MODE 只能是 0、1、true 或 false'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL: DATABASE_URL 不是有效的连接地址'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: JWT_SECRET 至少 32 个字符'],
    [{ ENCRYPTION_KEY: 'abc' }, 'ENCRYPTION_KEY: ENCRYPTION_KEY 必须是 32 字节的 base64url 编码'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: TRUST_PROXY 应为逗号分隔的 IP 地址或网段（CIDR）'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY: TRUST_PROXY 应为逗号分隔的 IP 地址或网段（CIDR）'],
    [{ TRUST_PROXY: '127.0.0.1, nginx' }, 'TRUST_PROXY: TRUST_PROXY 应为逗号分隔的 IP 地址或网段（CIDR）'],
  ])('refuses %o with a Chinese message', (env, message) => {
    expect(() => load(env)).toThrow(message);
    expect(() => load(env)).toThrow(/^配置有误:/);
  });
});
