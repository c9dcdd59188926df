import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');
const sources = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'package.json'),
  join(root, 'packages/contract/src'),
  join(root, 'package-lock.json'),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when the web build is missing or older than any of its sources. */
export function isWebBuildStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((s) => newestMtime(s) > builtAt);
}

/** Builds the web app when its sources are newer than the build; exits on failure. */
export function buildWebIfStale() {
  if (!isWebBuildStale()) return false;
  console.log('正在构建前端 (apps/web) …');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('前端构建失败');
    process.exit(result.status ?? 1);
  }
  return true;
}
