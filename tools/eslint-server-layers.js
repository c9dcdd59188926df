// @ts-check
// ESLint rule: the server's layers (ARCHITECTURE.md, "Layers"). Relative imports are resolved
// against the importing file, so the rule holds at any folder depth:
// - layers from the bottom up: `lib/` (pure helpers), `db/`, `core/` (the service context, the
//   auth context and guards, the registries and the ports areas plug into), `plugins/`
//   (cross-cutting), `modules/` (the areas), `seed/` (the demo data, which composes areas); a
//   layer never imports one above it, and of the files at the top of src only `server.ts` uses
//   `seed/`;
// - an area reaches another area's tables through that area's service, never its repo
//   (`modules/a/**` may not import `modules/b/**/repo*`);
// - a routes file (and an area's plugin, its `index.ts`) calls services: it imports no repo;
// - no two folders import each other, directly or round a longer loop (an area's `index.ts`,
//   which composes its sub-folders, is left out, as are tests).
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { importGraph, pathBetween, segmentsOf } from './import-graph.js';

const LAYERS = ['lib', 'db', 'core', 'plugins', 'modules', 'seed'];
const rank = (/** @type {string | undefined} */ layer) => (layer === undefined ? -1 : LAYERS.indexOf(layer));
/** Of the files at the top of src, only the server (which seeds an empty database) uses seed/. */
const SEED_USERS = ['server.ts'];

/** A file's node in the folder graph: its folder, or the file itself at the top of src. */
function nodeOf(/** @type {string} */ srcRoot, /** @type {string} */ file) {
  const dir = relative(srcRoot, dirname(file));
  return dir === '' ? basename(file) : dir.split(sep).join('/');
}

/** Folder -> folders it imports (tests and an area's `index.ts` left out). */
const folderGraph = (/** @type {string} */ srcRoot) =>
  importGraph(
    `server-folders:${srcRoot}`,
    srcRoot,
    (rel) => /\.ts$/.test(rel) && !/\.test\.ts$/.test(rel) && basename(rel) !== 'index.ts',
    (file) => nodeOf(srcRoot, file),
  );

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'server layers: lib < db < core < plugins < modules < seed; no module imports another module’s repo; routes import no repo; no folder cycles',
    },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' } }, additionalProperties: false }],
    messages: {
      libToLayer: 'lib/ 只放纯工具函数，不能引用 {{to}}/：把依赖数据库或业务的代码移到 db/ 或 modules/ 下。',
      dbToModules: 'db/ 不能引用 modules/：模块依赖数据库层，反过来不行。',
      layerUp: '{{from}}/ 在 {{to}}/ 之下，不能引用它（层次：lib < db < core < plugins < modules < seed）。',
      seedUser: '只有 server.ts 写入演示数据，{{from}} 不能引用 seed/。',
      foreignRepo: '模块 "{{from}}" 不能直接引用模块 "{{to}}" 的 repo：请通过 "{{to}}" 的 service 访问它的数据表。',
      routesToRepo: '路由文件只调用 service，不能直接引用 repo：把查询放进 service。',
      folderCycle: '目录之间不能互相引用：{{cycle}}。把共用的部分移到下层，或反转依赖（注册表、端口）。',
    },
  },
  create(context) {
    const srcRoot = resolve(context.cwd, context.options[0]?.srcRoot ?? 'apps/server/src');
    const from = segmentsOf(srcRoot, context.filename);
    if (!from) return {};
    const isTest = /\.test\.ts$/.test(context.filename);
    const fileName = from[from.length - 1] ?? '';
    const isRoutes = /(^|-)routes\.ts$/.test(fileName) || (from[0] === 'modules' && fileName === 'index.ts');

    let problems = 0;
    /** @param {import('estree').Node} node @param {string} messageId @param {Record<string, string>} [data] */
    const report = (node, messageId, data) => {
      problems += 1;
      context.report({ node, messageId, ...(data ? { data } : {}) });
    };

    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    function check(node) {
      const spec = node.source && node.source.type === 'Literal' ? node.source.value : undefined;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const targetFile = resolve(dirname(context.filename), spec);
      const to = segmentsOf(srcRoot, targetFile);
      if (!to) return;
      const [fromLayer, fromModule] = from;
      const [toLayer, toModule, ...rest] = to;
      const importsRepo = to.slice(1).some((segment) => segment.startsWith('repo'));
      const before = problems;
      if (fromLayer === 'lib' && rank(toLayer) > 0) {
        report(node, 'libToLayer', { to: toLayer ?? '' });
      } else if (fromLayer === 'db' && toLayer === 'modules') {
        report(node, 'dbToModules');
      } else if (rank(fromLayer) >= 0 && rank(toLayer) > rank(fromLayer)) {
        report(node, 'layerUp', { from: fromLayer ?? '', to: toLayer ?? '' });
      } else if (from.length === 1 && toLayer === 'seed' && !SEED_USERS.includes(fileName)) {
        report(node, 'seedUser', { from: fileName });
      } else if (
        fromLayer === 'modules' &&
        toLayer === 'modules' &&
        toModule !== fromModule &&
        rest.some((segment) => segment.startsWith('repo'))
      ) {
        report(node, 'foreignRepo', { from: fromModule ?? '', to: toModule ?? '' });
      } else if (isRoutes && toLayer === 'modules' && importsRepo) {
        report(node, 'routesToRepo');
      }
      // One problem an import: a layer broken is a loop too.
      if (problems > before || isTest || fileName === 'index.ts') return;
      const fromNode = nodeOf(srcRoot, context.filename);
      const toNode = nodeOf(srcRoot, targetFile);
      if (fromNode === toNode) return;
      const back = pathBetween(folderGraph(srcRoot), toNode, fromNode);
      if (back) report(node, 'folderCycle', { cycle: [fromNode, ...back].join(' → ') });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { layers: rule } };
