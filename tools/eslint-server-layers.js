// @ts-check
// ESLint rule: the server's layers (ARCHITECTURE.md, "Layers"). Relative imports are resolved
// against the importing file, so the rule holds at any folder depth:
// - layers from the bottom up: `lib/` (pure helpers), `db/`, `core/` (the service context, the
//   auth context and guards, the registries and the ports areas plug into), `plugins/`
//   (cross-cutting), `modules/` (the areas); a layer never imports one above it;
// - an area reaches another area's tables through that area's service, never its repo
//   (`modules/a/**` may not import `modules/b/**/repo*`);
// - a routes file (and an area's plugin, its `index.ts`) calls services: it imports no repo;
// - no two folders import each other, directly or round a longer loop (an area's `index.ts`,
//   which composes its sub-folders, is left out, as are tests).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

/** @param {string} srcRoot @param {string} file */
function segmentsOf(srcRoot, file) {
  const rel = relative(srcRoot, file);
  if (rel === '' || rel.startsWith('..')) return null;
  return rel.split(sep);
}

const LAYERS = ['lib', 'db', 'core', 'plugins', 'modules'];
const rank = (/** @type {string | undefined} */ layer) => (layer === undefined ? -1 : LAYERS.indexOf(layer));

/** A file's node in the folder graph: its folder, or the file itself at the top of src. */
function nodeOf(/** @type {string} */ srcRoot, /** @type {string} */ file) {
  const dir = relative(srcRoot, dirname(file));
  return dir === '' ? basename(file) : dir.split(sep).join('/');
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|^\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

/** @type {Map<string, Map<string, Set<string>>>} */
const graphs = new Map();

/** Folder -> folders it imports, read from the source files under srcRoot (once per lint run). */
function folderGraph(/** @type {string} */ srcRoot) {
  let graph = graphs.get(srcRoot);
  if (graph) return graph;
  graph = new Map();
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && entry.name !== 'index.ts') {
        const from = nodeOf(srcRoot, path);
        for (const m of readFileSync(path, 'utf8').matchAll(SPECIFIER)) {
          const spec = m[1] ?? m[2] ?? m[3];
          if (!spec) continue;
          const target = resolve(dirname(path), spec);
          if (!segmentsOf(srcRoot, target)) continue;
          const to = nodeOf(srcRoot, target);
          if (to === from) continue;
          let out = graph.get(from);
          if (!out) graph.set(from, (out = new Set()));
          out.add(to);
        }
      }
    }
  };
  walk(srcRoot);
  graphs.set(srcRoot, graph);
  return graph;
}

/** The path of folders from `start` back to `goal`, if `start` reaches it. */
function pathBetween(
  /** @type {Map<string, Set<string>>} */ graph,
  /** @type {string} */ start,
  /** @type {string} */ goal,
) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = /** @type {string} */ (queue.shift());
    if (node === goal) {
      const path = [];
      for (let at = /** @type {string | null | undefined} */ (node); at; at = cameFrom.get(at)) path.unshift(at);
      return path;
    }
    for (const next of graph.get(node) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'server layers: lib < db < core < plugins < modules; no module imports another module’s repo; routes import no repo; no folder cycles',
    },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' } }, additionalProperties: false }],
    messages: {
      libToLayer: 'lib/ 只放纯工具函数，不能引用 {{to}}/：把依赖数据库或业务的代码移到 db/ 或 modules/ 下。',
      dbToModules: 'db/ 不能引用 modules/：模块依赖数据库层，反过来不行。',
      layerUp: '{{from}}/ 在 {{to}}/ 之下，不能引用它（层次：lib < db < core < plugins < modules）。',
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
