/**
 * PostgreSQL's own dump and restore programs (`pg_dump`, `pg_restore`), found on this machine:
 * in `PG_BIN` when it is set, else on the PATH, else under `/usr/lib/postgresql/<n>/bin` (Debian
 * and Ubuntu install them there without a link on the PATH, newest first). A dump needs a
 * `pg_dump` at least as new as the server: the first candidate that is taken, an older one skipped
 * and, when none fits, named in the refusal.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type PgTool = 'pg_dump' | 'pg_restore';

/** Directories that may hold the tools, most wanted first. */
function candidateDirs(env: NodeJS.ProcessEnv): string[] {
  if (env.PG_BIN) return [env.PG_BIN];
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean);
  const root = '/usr/lib/postgresql';
  const versioned = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => join(root, v, 'bin'))
    : [];
  return [...onPath, ...versioned];
}

/** The major version a tool reports (`pg_dump (PostgreSQL) 15.20 (Debian …)` → 15). */
async function majorOf(path: string): Promise<number | undefined> {
  try {
    const { stdout } = await run(path, ['--version']);
    const m = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The path of the first `tool` found whose major version is at least `serverMajor`, or an error
 * in Chinese naming where it looked and what it found.
 */
export async function findPgTool(
  tool: PgTool,
  serverMajor: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const found: { path: string; major: number }[] = [];
  for (const dir of new Set(candidateDirs(env))) {
    const path = join(dir, tool);
    if (!existsSync(path)) continue;
    const major = await majorOf(path);
    if (major !== undefined) found.push({ path, major });
  }
  const fit = found.find((f) => f.major >= serverMajor);
  if (fit) return fit.path;
  const where = env.PG_BIN ? `PG_BIN（${env.PG_BIN}）` : 'PATH 和 /usr/lib/postgresql/<版本>/bin';
  if (found.length === 0) {
    throw new Error(
      `找不到 ${tool}：已在 ${where} 中查找。请安装 PostgreSQL 客户端（如 apt-get install postgresql-client-${serverMajor}），或用 PG_BIN 指定其所在目录。`,
    );
  }
  throw new Error(
    `${tool} 版本过旧：数据库服务器是 PostgreSQL ${serverMajor}，找到的是 ${found
      .map((f) => `${f.path}（${f.major}）`)
      .join('、')}。请安装 ${serverMajor} 或更新版本的客户端，或用 PG_BIN 指定其所在目录。`,
  );
}

/**
 * Runs a tool with these arguments; on failure the error carries its standard error output (the
 * tools report in English; the caller says what failed in Chinese).
 */
export async function runPgTool(path: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(path, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(stderr || (err instanceof Error ? err.message : String(err)), { cause: err });
  }
}
