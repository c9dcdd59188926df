/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file> [--force]` on the configured
 * database (DATABASE_URL, or the PGlite data dir of DATA_DIR) and file store (FILE_STORE); see
 * `service.ts` for what an archive holds. Without a file, a backup goes to
 * `<DATA_DIR>/../backups/flexpay-<engine>-<time>.tar`. Exit 0 when done (a restore: the counts
 * match the backup's and the ledger verifies), 1 when a restore does not check out, 2 on an error.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadStorageConfig } from '../config.ts';
import { backup, DATA_DIR_SECRETS, restore, type BackupCounts } from './service.ts';

const USAGE = '用法：npm run backup [-- <备份文件>]；npm run restore -- <备份文件> [--force]';

const LABELS: Record<keyof BackupCounts, string> = {
  workers: '员工',
  batches: '发放批次',
  payouts: '付款',
  receipts: '回单',
  receiptsFen: '回单金额（分）',
  files: '文件记录',
  storedObjects: '存储的文件',
  storedBytes: '文件字节',
};

const describe = (counts: BackupCounts) =>
  (Object.keys(LABELS) as (keyof BackupCounts)[]).map((k) => `${LABELS[k]} ${counts[k]}`).join('，');

/** `flexpay-postgres-20261129-031500.tar`, in local time. */
function defaultFile(dataDir: string, engine: string): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
  return join(dirname(dataDir), 'backups', `flexpay-${engine}-${stamp}.tar`);
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, options: { force: { type: 'boolean' } } });
  } catch (err) {
    console.error(`参数有误：${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if ((command !== 'backup' && command !== 'restore') || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const target = loadStorageConfig();
  const engine = target.databaseUrl ? 'postgres' : 'pglite';
  // Secrets the environment sets are not the data dir's: they are neither backed up nor written.
  const fromEnvironment = DATA_DIR_SECRETS.filter((s) => process.env[s.variable]).map((s) => s.file);
  const ofDataDir = DATA_DIR_SECRETS.map((s) => s.file).filter((f) => !fromEnvironment.includes(f));

  if (command === 'backup') {
    if (values.force) {
      console.error(`backup 不接受 --force。\n${USAGE}`);
      return 2;
    }
    const file = resolve(positionals[0] ?? defaultFile(target.dataDir, engine));
    const started = Date.now();
    const manifest = await backup(target, file, { secrets: ofDataDir });
    console.log(`已备份到 ${file}（${((Date.now() - started) / 1000).toFixed(1)} 秒）`);
    console.log(`数据库：${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}，${manifest.migrations} 个迁移`);
    console.log(`内容：${describe(manifest.counts)}`);
    if (manifest.secrets.length) {
      console.log(`备份中含有数据目录里的密钥（${manifest.secrets.join('、')}）：请像保管密钥一样保管这个文件。`);
    }
    if (fromEnvironment.includes('encryption-key')) {
      console.log('ENCRYPTION_KEY 来自环境变量，未写入备份：恢复时需要同一个密钥才能读取证件号和卡号。');
    }
    return 0;
  }

  const file = positionals[0];
  if (!file) {
    const folder = join(dirname(target.dataDir), 'backups');
    const found = existsSync(folder)
      ? readdirSync(folder)
          .filter((f) => f.endsWith('.tar'))
          .sort()
      : [];
    console.error(`请指定要恢复的备份文件。\n${USAGE}`);
    if (found.length) console.error(`${folder} 中的备份：\n${found.map((f) => `  ${f}`).join('\n')}`);
    return 2;
  }
  const started = Date.now();
  const result = await restore(target, resolve(file), {
    force: values.force ?? false,
    skipSecrets: fromEnvironment,
    encryptionKey: process.env.ENCRYPTION_KEY || undefined,
  });
  console.log(
    `已从 ${resolve(file)} 恢复（备份时间 ${result.manifest.createdAt}，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒）`,
  );
  console.log(`恢复后：${describe(result.counts)}`);
  if (result.secretsWritten.length) console.log(`已写回数据目录的密钥：${result.secretsWritten.join('、')}`);
  let ok = true;
  if (result.mismatches.length) {
    ok = false;
    for (const m of result.mismatches) console.log(`✗ ${LABELS[m.name]}：备份中 ${m.backup}，恢复后 ${m.restored}`);
  } else {
    console.log('✓ 各项数量与备份时一致');
  }
  if (result.violations.length) {
    ok = false;
    console.log(`✗ 账本校验发现 ${result.violations.length} 处问题：`);
    for (const v of result.violations) console.log(`    ${v.rule}：${v.detail}`);
  } else {
    console.log('✓ 账本校验通过');
  }
  if (result.keyReadsData === false) {
    ok = false;
    console.log(
      '✗ 当前的加密密钥（ENCRYPTION_KEY 或数据目录中的 encryption-key）无法解密恢复的证件号：请使用备份时的密钥。',
    );
  }
  return ok ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 2;
}
