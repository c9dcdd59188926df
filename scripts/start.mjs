// npm start: build the web app if its sources changed, then run the server, which migrates,
// seeds an empty database and serves API and web on one port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWebIfStale, root } from './web-build.mjs';

buildWebIfStale();
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
