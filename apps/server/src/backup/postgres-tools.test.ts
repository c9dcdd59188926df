import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPgTool } from './postgres-tools.ts';

/** A folder holding an executable `pg_dump` that reports this major version. */
function toolDir(root: string, name: string, major: number): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'pg_dump');
  writeFileSync(path, `#!/bin/sh\necho "pg_dump (PostgreSQL) ${major}.3 (Test)"\n`);
  chmodSync(path, 0o755);
  return dir;
}

describe('findPgTool', () => {
  const root = mkdtempSync(join(tmpdir(), 'fp-pg-tools-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const old = toolDir(root, 'old', 14);
  const fresh = toolDir(root, 'fresh', 16);

  it('takes the first tool on the PATH at least as new as the server', async () => {
    expect(await findPgTool('pg_dump', 15, { PATH: `${old}:${fresh}` })).toBe(join(fresh, 'pg_dump'));
    expect(await findPgTool('pg_dump', 14, { PATH: `${old}:${fresh}` })).toBe(join(old, 'pg_dump'));
  });

  it('looks only in PG_BIN when it is set', async () => {
    expect(await findPgTool('pg_dump', 16, { PG_BIN: fresh, PATH: old })).toBe(join(fresh, 'pg_dump'));
    await expect(findPgTool('pg_dump', 15, { PG_BIN: join(root, 'none'), PATH: fresh })).rejects.toThrow(
      `找不到 pg_dump：已在 PG_BIN（${join(root, 'none')}） 中查找`,
    );
  });

  it('refuses a tool older than the server, naming what it found', async () => {
    await expect(findPgTool('pg_dump', 99, { PG_BIN: old })).rejects.toThrow(
      `pg_dump 版本过旧：数据库服务器是 PostgreSQL 99，找到的是 ${join(old, 'pg_dump')}（14）`,
    );
  });
});
