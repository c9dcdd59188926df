// @ts-check
// ESLint rule: the server's layers (ARCHITECTURE.md, "Layers"). Relative imports are resolved
// against the importing file, so the rule holds at any folder depth:
// - `lib/` is pure helpers: it imports neither `db/` nor `modules/`;
// - `db/` (client, schema, query helpers) never imports `modules/`;
// - a module reaches another module's tables through that module's service, never its repo
//   (`modules/a/**` may not import `modules/b/**/repo*`).
import { dirname, relative, resolve, sep } from 'node:path';

/** @param {string} srcRoot @param {string} file */
function segmentsOf(srcRoot, file) {
  const rel = relative(srcRoot, file);
  if (rel === '' || rel.startsWith('..')) return null;
  return rel.split(sep);
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'server layers: lib imports neither db nor modules, db never imports modules, no module imports another module’s repo',
    },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' } }, additionalProperties: false }],
    messages: {
      libToLayer: 'lib/ 只放纯工具函数，不能引用 {{to}}/：把依赖数据库或业务的代码移到 db/ 或 modules/ 下。',
      dbToModules: 'db/ 不能引用 modules/：模块依赖数据库层，反过来不行。',
      foreignRepo: '模块 "{{from}}" 不能直接引用模块 "{{to}}" 的 repo：请通过 "{{to}}" 的 service 访问它的数据表。',
    },
  },
  create(context) {
    const srcRoot = resolve(context.cwd, context.options[0]?.srcRoot ?? 'apps/server/src');
    const from = segmentsOf(srcRoot, context.filename);
    if (!from) return {};

    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    function check(node) {
      const spec = node.source && node.source.type === 'Literal' ? node.source.value : undefined;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = segmentsOf(srcRoot, resolve(dirname(context.filename), spec));
      if (!to) return;
      const [fromLayer, fromModule] = from;
      const [toLayer, toModule, ...rest] = to;
      if (fromLayer === 'lib' && (toLayer === 'db' || toLayer === 'modules')) {
        context.report({ node, messageId: 'libToLayer', data: { to: toLayer } });
      } else if (fromLayer === 'db' && toLayer === 'modules') {
        context.report({ node, messageId: 'dbToModules' });
      } else if (
        fromLayer === 'modules' &&
        toLayer === 'modules' &&
        toModule !== fromModule &&
        rest.some((segment) => segment.startsWith('repo'))
      ) {
        context.report({ node, messageId: 'foreignRepo', data: { from: fromModule ?? '', to: toModule ?? '' } });
      }
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
