import { DEMO_OPERATOR } from './seed/money.ts';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { asPlatform } from './db/scope.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';
import { isDatabaseUnavailable } from './db/connection-errors.ts';
import { DEMO_LOGINS, demoLoginsWarning, seedDemoData } from './seed/demo.ts';
import { createFieldCipher } from './lib/crypto.ts';
import { configuredFileStore } from './db/file-store.ts';
import { writeDemoFiles } from './seed/demo-files.ts';

/** Reads the configuration, prepares the database, listens, and shuts down cleanly. */
async function main(): Promise<void> {
  const config = loadConfig();
  config.webDist ??= fileURLToPath(new URL('../../web/dist', import.meta.url));

  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`启动失败：${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  await database.migrate();
  // The seed and the start-up checks write and read every company's rows: the platform's scope.
  const { appDb } = database;
  const seeded = config.demoMode
    ? await asPlatform('seed the demo data', () => seedDemoData(appDb, createFieldCipher(config.encryptionKey)))
    : false;
  if (config.demoMode)
    await asPlatform('write the demo files', () => writeDemoFiles(appDb, configuredFileStore(config, appDb)));

  const app = await buildApp({ config, database });
  const demoWarning = await asPlatform('check the demo sign-ins', () => demoLoginsWarning(appDb, config.demoMode));
  if (demoWarning) app.log.warn(demoWarning);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  // A query that a library's background work started and left without a handler rejects when the
  // database goes away: that is the database being away, which /api/ready reports and the work
  // retries, not a reason to end the process. pg-boss's one such query, a job's completion, is
  // retried where it starts (lib/job-queue.ts, settleCompletions); this is the net under any other.
  // Any other unhandled rejection still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      app.log.warn({ err: reason }, 'database unavailable in background work');
      return;
    }
    app.log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  const lines = [
    '',
    `  灵活用工企业管理后台已启动: http://localhost:${port}/`,
    `  数据库: ${where}${seeded ? '，已写入演示数据' : ''}`,
    `  接口文档: http://localhost:${port}/api/docs`,
  ];
  if (app.metrics.port !== undefined)
    lines.push(`  监控指标 (Prometheus): http://${config.host}:${app.metrics.port}/metrics`);
  else if (config.metricsToken)
    lines.push(`  监控指标 (Prometheus): http://localhost:${port}/metrics（需要 METRICS_TOKEN）`);
  if (config.demoMode) {
    lines.push('  演示账号:');
    for (const l of DEMO_LOGINS) lines.push(`    ${l.username.padEnd(8)} / ${l.password}  (${l.company}，${l.role})`);
    lines.push(
      `  平台运营控制台: http://localhost:${port}/ops  (${DEMO_OPERATOR.username} / ${DEMO_OPERATOR.password})`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
