// npm run dev: the API server restarting on change (node --watch) and Vite's dev server with
// hot reload, proxying /api to it. Open the Vite address it prints.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './web-build.mjs';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '8080', WEB_DIST: process.env.WEB_DIST ?? '' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
