/**
 * The API server of a benchmark in a process of its own (`startBenchServer` in lib.ts forks it),
 * as in production: the load generator's requests and the server's work then use different
 * threads. Builds the app on the environment's database (already migrated by the parent), listens
 * on a free port, tells the parent the port, and stops when the parent disconnects.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const config = { ...loadConfig(), logLevel: 'warn' as const, webDist: undefined, payoutTickMs: 0 };
const database = await openDatabase(config);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.once('disconnect', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
