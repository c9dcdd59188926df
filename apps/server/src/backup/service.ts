/**
 * Backups that restore (issue 41): one tar archive holding what a deployment needs to come back.
 *
 * - `manifest.json`: the engine, the migrations applied, where files were kept, and the counts
 *   taken from the very data that was dumped (a restore compares its own counts with them);
 * - `database/pglite.tar.gz`: PGlite's `dumpDataDir()` of the embedded database (the server must be
 *   stopped: the data dir's lock refuses a second opener), or `database/postgres.dump`: `pg_dump
 *   -Fc` of the PostgreSQL database, taken in the same snapshot as the counts (pg-boss's schema,
 *   the policies, grants and functions with it; files too when `FILE_STORE=database`);
 * - `files/…`: the data dir's files folder when `FILE_STORE=local`;
 * - `secrets/…`: the secrets the server generated into the data dir (not those set in the
 *   environment), without which the restored ID and card numbers could not be read.
 *
 * A restore goes into an empty target only (or one it empties, told `--force`), loads the
 * database (PGlite `loadDataDir`; `pg_restore` in one transaction after creating the cluster-wide
 * roles of migration 0049 where missing), applies any later migration, puts the files back, then
 * verifies the ledger and compares the counts. A restore that fails leaves the target empty.
 */
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { z } from 'zod';
import {
  DataDirLockedError,
  lockDataDir,
  migrationStatus,
  openPglite,
  openPostgres,
  queryRows,
  type Database,
  type Db,
} from '../db/client.ts';
import { configuredFileStore } from '../db/file-store.ts';
import { asPlatform } from '../db/scope.ts';
import { createFieldCipher } from '../lib/crypto.ts';
import { filesDirOf } from '../lib/file-store.ts';
import { verifyLedger, type Violation } from '../modules/ledger/service.ts';
import { findPgTool, runPgTool } from './postgres-tools.ts';
import { countData, filesUnder, ZCounts, type BackupCounts } from './counts.ts';
export type { BackupCounts };
import {
  connectPostgres,
  dropEverything,
  ensureRoles,
  pgConnection,
  serverMajor,
  userObjects,
} from './postgres-database.ts';

/** Where the data is: the configured database, data dir and file store. */
export interface BackupTarget {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** `local` (the data dir's files folder) or `database` (PostgreSQL only). */
  fileStore: 'local' | 'database';
}

/** The secrets the server may generate into the data dir, with the variable that overrides each. */
export const DATA_DIR_SECRETS = [
  { file: 'jwt-secret', variable: 'JWT_SECRET' },
  { file: 'encryption-key', variable: 'ENCRYPTION_KEY' },
  { file: 'payout-callback-secret', variable: 'PAYOUT_CALLBACK_SECRET' },
] as const;

const ZManifest = z.object({
  format: z.literal('flexpay-backup'),
  version: z.literal(1),
  engine: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  migrations: z.number().int(),
  fileStore: z.enum(['local', 'database']),
  counts: ZCounts,
  secrets: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof ZManifest>;

const MANIFEST = 'manifest.json';
const PGLITE_DUMP = 'database/pglite.tar.gz';
const POSTGRES_DUMP = 'database/postgres.dump';

const engineName = (engine: 'pglite' | 'postgres') => (engine === 'pglite' ? 'PGlite（内嵌数据库）' : 'PostgreSQL');

const hasEntries = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** The refusal of a data dir another process holds, said for what we were about to do. */
function lockedMessage(err: DataDirLockedError, doing: string): Error {
  return new Error(`${doing}前请先停止服务：${err.message}`, { cause: err });
}

/** The archive's file name is not there yet; its folder is made. */
async function prepareOutput(outFile: string): Promise<void> {
  if (existsSync(outFile)) throw new Error(`备份文件 ${outFile} 已存在，不会覆盖：请换一个文件名。`);
  await mkdir(dirname(outFile), { recursive: true });
}

export interface BackupOptions {
  /** Secret files of the data dir to include (those the environment does not set). */
  secrets?: readonly string[];
}

/**
 * Writes a backup of the target into `outFile` (a tar archive; refused when the file exists) and
 * answers its manifest. PGlite: the server must be stopped.
 */
export async function backup(
  target: BackupTarget,
  outFile: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  await prepareOutput(outFile);
  const staging = await mkdtemp(join(tmpdir(), 'fp-backup-'));
  const part = `${outFile}.part`;
  try {
    await mkdir(join(staging, 'database'));
    const engine = target.databaseUrl ? 'postgres' : 'pglite';
    const taken =
      engine === 'pglite'
        ? await dumpPglite(target, join(staging, PGLITE_DUMP))
        : await dumpPostgres(target, join(staging, POSTGRES_DUMP));
    const secrets = (options.secrets ?? []).filter((name) => existsSync(join(target.dataDir, name)));
    const manifest: BackupManifest = {
      format: 'flexpay-backup',
      version: 1,
      engine,
      createdAt: new Date().toISOString(),
      migrations: taken.migrations,
      fileStore: engine === 'pglite' ? 'local' : target.fileStore,
      counts: taken.counts,
      secrets,
    };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.create({ file: part, cwd: staging, portable: true }, [MANIFEST, 'database']);
    if (manifest.fileStore === 'local' && existsSync(filesDirOf(target.dataDir))) {
      await tar.replace({ file: part, cwd: target.dataDir, portable: true }, ['files']);
    }
    if (secrets.length) {
      await tar.replace({ file: part, cwd: target.dataDir, portable: true, prefix: 'secrets' }, secrets);
    }
    await rename(part, outFile);
    return manifest;
  } finally {
    await rm(part, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/** The database must be migrated to this program's latest: a backup is of a known schema. */
async function requireCurrentSchema(db: Db): Promise<number> {
  const { applied, expected } = await migrationStatus(db);
  if (applied !== expected) {
    throw new Error(
      `数据库已应用 ${applied} 个迁移，本程序有 ${expected} 个：请先用本程序启动一次服务（会自动迁移）再备份。`,
    );
  }
  return applied;
}

async function dumpPglite(target: BackupTarget, file: string) {
  if (!existsSync(join(target.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new Error(`数据目录 ${target.dataDir} 中没有数据库，没有可备份的数据。`);
  }
  let database;
  try {
    database = await openPglite({ dataDir: target.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw lockedMessage(err, '备份内嵌数据库（PGlite）');
    throw err;
  }
  try {
    const migrations = await requireCurrentSchema(database.db);
    const { appDb } = database;
    const counts = await asPlatform('back up: count the data', () => countData(appDb, 'local', target.dataDir));
    // As the owner (the app's statements left the connection in a role that may not checkpoint).
    await database.db.execute(sql`checkpoint`);
    const dump = await database.client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return { migrations, counts };
  } finally {
    await database.close();
  }
}

async function dumpPostgres(target: BackupTarget, file: string) {
  const url = target.databaseUrl ?? '';
  const database = await connectPostgres(url, 2);
  try {
    const migrations = await requireCurrentSchema(database.db);
    const pgDump = await findPgTool('pg_dump', await serverMajor(database));
    const { dbname, env } = pgConnection(url);
    const { appDb } = database;
    // The counts and the dump read one snapshot: the server may be running, and what the
    // manifest says must be what the archive holds.
    const counts = await asPlatform('back up: count the data and dump it in one snapshot', () =>
      appDb.transaction(
        async (tx) => {
          const [snapshot] = await queryRows<{ id: string }>(tx, sql`select pg_export_snapshot() as id`);
          const counts = await countData(tx, target.fileStore, target.dataDir);
          try {
            await runPgTool(
              pgDump,
              ['--format=custom', `--snapshot=${snapshot?.id ?? ''}`, `--file=${file}`, `--dbname=${dbname}`],
              env,
            );
          } catch (err) {
            throw new Error(`pg_dump 失败：${err instanceof Error ? err.message : String(err)}`, { cause: err });
          }
          return counts;
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
    );
    return { migrations, counts };
  } finally {
    await database.close();
  }
}

/** The archive's manifest, checked. */
async function readManifest(staging: string, archive: string): Promise<BackupManifest> {
  const path = join(staging, MANIFEST);
  const parsed = existsSync(path)
    ? ZManifest.safeParse(JSON.parse(await readFile(path, 'utf8')) as unknown)
    : undefined;
  if (!parsed?.success) throw new Error(`${archive} 不是本系统的备份文件（缺少或无法识别 manifest.json）。`);
  return parsed.data;
}

export interface RestoreOptions {
  /** Empty a target that is not empty instead of refusing. */
  force?: boolean;
  /** Secret files not to write into the data dir (the environment sets them). */
  skipSecrets?: readonly string[];
  /** The encryption key the restored server will use (to check it reads the restored ciphertext). */
  encryptionKey?: string | undefined;
}

export interface RestoreResult {
  manifest: BackupManifest;
  counts: BackupCounts;
  /** Counts that differ from the backup's: name, in the backup, restored. */
  mismatches: { name: keyof BackupCounts; backup: number; restored: number }[];
  violations: Violation[];
  /** Whether the encryption key reads the restored ID numbers; undefined when nothing to check. */
  keyReadsData: boolean | undefined;
  secretsWritten: string[];
}

/** Raised when the target holds data and the restore was not told `--force`. */
export class RestoreTargetNotEmptyError extends Error {
  constructor(what: string) {
    super(`${what}不是空的，恢复会覆盖其中的数据，已拒绝。请恢复到空的数据库或数据目录；确认要覆盖请加 --force。`);
    this.name = 'RestoreTargetNotEmptyError';
  }
}

/**
 * Restores `archive` into the target: an empty one, or one it empties when told `force`. Answers
 * the restored counts next to the backup's and the ledger's verification.
 */
export async function restore(
  target: BackupTarget,
  archive: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  if (!existsSync(archive)) throw new Error(`找不到备份文件 ${archive}。`);
  const staging = await mkdtemp(join(tmpdir(), 'fp-restore-'));
  try {
    try {
      await tar.extract({ file: archive, cwd: staging });
    } catch (err) {
      throw new Error(`无法读取备份文件 ${archive}：${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
    const manifest = await readManifest(staging, archive);
    const engine = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.engine !== engine) {
      throw new Error(
        `该备份来自 ${engineName(manifest.engine)}，不能恢复到 ${engineName(engine)}：请按备份时的配置设置 DATABASE_URL。`,
      );
    }
    const hasFiles = existsSync(join(staging, 'files'));
    if (manifest.fileStore === 'database' && target.fileStore === 'local') {
      throw new Error(
        '该备份的文件保存在数据库中（FILE_STORE=database），目标配置为 local：请按备份时的配置设置 FILE_STORE。',
      );
    }
    const secrets = manifest.secrets.filter((s) => !(options.skipSecrets ?? []).includes(s));
    const database =
      engine === 'pglite'
        ? await loadPglite(target, staging, secrets, options.force ?? false)
        : await loadPostgres(target, staging, secrets, hasFiles, options.force ?? false);
    const { appDb } = database;
    try {
      await database.migrate();
      if (hasFiles) {
        const store = configuredFileStore(target, appDb);
        const root = join(staging, 'files');
        await asPlatform('restore the files', async () => {
          for (const file of filesUnder(root)) {
            await store.write(relative(root, file).split(sep).join('/'), createReadStream(file));
          }
        });
      }
      if (secrets.length) await mkdir(target.dataDir, { recursive: true });
      for (const name of secrets) {
        await writeFile(join(target.dataDir, name), readFileSync(join(staging, 'secrets', name)), { mode: 0o600 });
      }
    } catch (err) {
      await database.close();
      await emptyTarget(target, hasFiles);
      throw err;
    }
    try {
      return await asPlatform('verify a restore', async () => {
        const counts = await countData(appDb, target.fileStore, target.dataDir);
        const mismatches = (Object.keys(counts) as (keyof BackupCounts)[])
          .filter((name) => counts[name] !== manifest.counts[name])
          .map((name) => ({ name, backup: manifest.counts[name], restored: counts[name] }));
        const { violations } = await verifyLedger(appDb);
        return {
          manifest,
          counts,
          mismatches,
          violations,
          keyReadsData: await keyReadsData(appDb, options.encryptionKey ?? secretIn(target.dataDir, 'encryption-key')),
          secretsWritten: secrets,
        };
      });
    } finally {
      await database.close();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

const secretIn = (dataDir: string, name: string) =>
  existsSync(join(dataDir, name)) ? readFileSync(join(dataDir, name), 'utf8').trim() : undefined;

/** Whether the key decrypts a restored worker's ID number (undefined: no key or no worker). */
async function keyReadsData(db: Db, key: string | undefined): Promise<boolean | undefined> {
  if (!key) return undefined;
  const [row] = await queryRows<{ enc: string }>(db, sql`select id_number_enc as enc from worker limit 1`);
  if (!row) return undefined;
  try {
    createFieldCipher(key).decrypt(row.enc);
    return true;
  } catch {
    return false;
  }
}

/** Removes what a restore writes into the data dir (files, the embedded database). */
async function emptyDataDir(target: BackupTarget): Promise<void> {
  if (!target.databaseUrl) await rm(join(target.dataDir, 'pglite'), { recursive: true, force: true });
  if (target.fileStore === 'local') await rm(filesDirOf(target.dataDir), { recursive: true, force: true });
}

/** After a failed restore: the target as empty as it was found (or as `--force` left it). */
async function emptyTarget(target: BackupTarget, hasFiles: boolean): Promise<void> {
  if (target.databaseUrl) {
    const database = openPostgres(target.databaseUrl, 1);
    try {
      await dropEverything(database);
    } finally {
      await database.close();
    }
  }
  if (!target.databaseUrl || hasFiles) await emptyDataDir(target);
}

/** Secrets of the archive the data dir already holds with another value. */
function conflictingSecrets(dataDir: string, staging: string, secrets: readonly string[]): string[] {
  return secrets.filter((name) => {
    const present = secretIn(dataDir, name);
    return present !== undefined && present !== readFileSync(join(staging, 'secrets', name), 'utf8').trim();
  });
}

async function loadPglite(target: BackupTarget, staging: string, secrets: readonly string[], force: boolean) {
  let release: () => void;
  try {
    release = lockDataDir(target.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw lockedMessage(err, '恢复内嵌数据库（PGlite）');
    throw err;
  }
  const pgliteDir = join(target.dataDir, 'pglite');
  try {
    const taken = [
      hasEntries(pgliteDir) ? '数据库' : '',
      hasEntries(filesDirOf(target.dataDir)) ? '文件目录' : '',
      conflictingSecrets(target.dataDir, staging, secrets).length ? '密钥文件' : '',
    ].filter(Boolean);
    if (taken.length) {
      if (!force) throw new RestoreTargetNotEmptyError(`目标数据目录 ${target.dataDir}（已有${taken.join('、')}）`);
      await emptyDataDir(target);
    }
    try {
      const dump = await readFile(join(staging, PGLITE_DUMP));
      const client = await PGlite.create({ dataDir: pgliteDir, loadDataDir: new Blob([dump]) });
      await client.close();
    } catch (err) {
      await rm(pgliteDir, { recursive: true, force: true });
      throw new Error(`无法载入备份中的数据库：${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  } finally {
    release();
  }
  return openPglite({ dataDir: target.dataDir });
}

async function loadPostgres(
  target: BackupTarget,
  staging: string,
  secrets: readonly string[],
  hasFiles: boolean,
  force: boolean,
): Promise<Database> {
  const url = target.databaseUrl ?? '';
  const name = new URL(url).pathname.slice(1);
  const admin = await connectPostgres(url, 1);
  try {
    const objects = await userObjects(admin);
    const taken = [
      objects > 0 ? `目标数据库 ${name}（已有 ${objects} 个数据库对象：表、索引、函数等）` : '',
      hasFiles && hasEntries(filesDirOf(target.dataDir)) ? `文件目录 ${filesDirOf(target.dataDir)}` : '',
      conflictingSecrets(target.dataDir, staging, secrets).length ? `数据目录 ${target.dataDir} 中的密钥文件` : '',
    ].filter(Boolean);
    if (taken.length) {
      if (!force) throw new RestoreTargetNotEmptyError(taken.join('、'));
      await dropEverything(admin);
      if (hasFiles) await emptyDataDir(target);
    }
    await ensureRoles(admin);
    const pgRestore = await findPgTool('pg_restore', await serverMajor(admin));
    const { dbname, env } = pgConnection(url);
    try {
      // One transaction: a restore that fails leaves the database as empty as it was.
      await runPgTool(
        pgRestore,
        ['--single-transaction', '--exit-on-error', `--dbname=${dbname}`, join(staging, POSTGRES_DUMP)],
        env,
      );
    } catch (err) {
      throw new Error(`pg_restore 失败：${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  } finally {
    await admin.close();
  }
  return openPostgres(url, 2);
}
