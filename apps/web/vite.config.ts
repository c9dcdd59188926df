import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.VITE_DEV_API ?? 'http://localhost:8080';

const MAIN = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const LOGIN_APP = fileURLToPath(new URL('./src/app/login-app.tsx', import.meta.url));
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/** Package entries that import every component: through one, the login chunk would hold them all. */
const BARRELS = /[\\/]node_modules[\\/](antd|@ant-design[\\/]icons)[\\/](es|lib)[\\/]index\.js$/;

/**
 * Modules the sign-in page reaches only through a re-exporting index (`@rc-component/util`,
 * antd's `_util/hooks` and `style/motion`) and does not use: left to the default chunking, so
 * the login chunk does not carry them (about 3 KB gzip). Only placement: a module listed here
 * that the page did use would still load, from a chunk of its own.
 */
const NOT_ON_SIGN_IN = [
  /@rc-component[\\/]util[\\/]es[\\/](KeyCode|Dom[\\/]styleChecker)\.js$/,
  /antd[\\/]es[\\/]style[\\/]motion[\\/](move|slide)\.js$/,
  /antd[\\/]es[\\/]_util[\\/]hooks[\\/](useClosable|useMergedMask|useMultipleSelect|useProxyImperativeHandle)\.js$/,
];

type TModuleGraph = (id: string) => { importedIds: readonly string[] } | null;

/** Every module `from` imports statically, directly or not (itself included). */
function staticImports(from: string, getModuleInfo: TModuleGraph): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The lone sign-in page's chunk, worked out from the module graph once per build: what
 * app/login-app.tsx imports statically, less what the entry (main.tsx) already holds. A visitor
 * of /login downloads a few scripts (entry, React, this one) instead of some thirty small shared
 * chunks, which gzip worse one by one; the console's screens share the antd core it holds (form,
 * input, button, theme). Its size is checked by `e2e/tests/budget.spec.ts`.
 */
function firstPageChunks(): {
  plugin: Plugin;
  name: (id: string, ctx: { getModuleInfo: TModuleGraph }) => string | null;
} {
  let chunkOf: Map<string, string> | undefined;
  return {
    plugin: { name: 'flexpay:first-page-chunks', buildStart: () => void (chunkOf = undefined) },
    name: (id, ctx) => {
      if (!chunkOf) {
        const getModuleInfo: TModuleGraph = (m) => ctx.getModuleInfo(m);
        chunkOf = new Map();
        const entry = staticImports(MAIN, getModuleInfo);
        for (const m of staticImports(LOGIN_APP, getModuleInfo)) {
          if (entry.has(m) || NOT_ON_SIGN_IN.some((re) => re.test(m))) continue;
          if (BARRELS.test(m)) throw new Error(`the sign-in page imports a barrel (${m}): import its modules by path`);
          chunkOf.set(m, 'login');
        }
      }
      return chunkOf.get(id) ?? null;
    },
  };
}

const firstPage = firstPageChunks();

export default defineConfig({
  plugins: [react(), firstPage.plugin],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group holds only the modules it names: the login chunk must not take the entry's
          // modules (the request layer, the stores) along, or every page would load it first.
          includeDependenciesRecursively: false,
          groups: [
            // React changes rarely: one long-cached chunk that every page loads.
            { name: 'react-vendor', test: REACT, priority: 3 },
            // The router likewise, but the lone sign-in page does without it.
            { name: 'react-router', test: /[\\/]node_modules[\\/]react-router[\\/]/, priority: 2 },
            { name: firstPage.name, priority: 1 },
          ],
        },
      },
    },
  },
});
