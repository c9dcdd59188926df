/**
 * `npm run ledger:verify`: checks every invariant of the ledger on the configured database
 * (DATABASE_URL, or the PGlite data dir of DATA_DIR) and prints what it found; exit 1 on a
 * violation, 2 when the database cannot be opened.
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { asPlatform } from './db/scope.ts';
import { verifyLedger } from './modules/ledger/service.ts';

const config = loadConfig();
let database;
try {
  database = await openDatabase(config);
} catch (err) {
  console.error(`无法打开数据库：${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
try {
  const started = Date.now();
  // Every company's books: the app's database in the platform's scope.
  const { appDb } = database;
  const { violations, counts } = await asPlatform('verify the ledger', () => verifyLedger(appDb));
  console.log(
    `账本：${counts.accounts} 个账户，${counts.transfers} 笔转账，${counts.entries} 条分录；全部余额之和 ${counts.sumOfBalances} 分（${Date.now() - started} ms）`,
  );
  const rules = [
    '每笔转账借贷平衡（分录合计为 0，至少两条）',
    '账户余额等于其分录之和，分录数等于计数',
    '流水余额连续（每条分录的余额 = 上一条余额 + 本条金额）',
    '最后一条分录的余额等于账户余额',
    '企业账户不为负（无透支）',
    '没有企业分录落入不允许为负的历史负值',
    '全部账户余额之和为 0',
  ];
  for (const rule of rules) {
    const found = violations.filter((v) => v.rule === rule);
    console.log(`${found.length ? '✗' : '✓'} ${rule}${found.length ? `：${found.length} 处` : ''}`);
    for (const v of found) console.log(`    ${v.detail}`);
  }
  if (violations.length) {
    console.log(`发现 ${violations.length} 处违反账本规则。`);
    process.exitCode = 1;
  } else {
    console.log('账本一致。');
  }
} finally {
  await database.close();
}
