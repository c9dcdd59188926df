// @ts-check
// ESLint rule: web features never import each other, and shared code never imports a feature
// (STYLE.md 1). Relative and `@/`-less imports are resolved against the importing file.
import { dirname, relative, resolve, sep } from 'node:path';

/** @param {string} file @param {string} featuresRoot */
function featureOf(file, featuresRoot) {
  const rel = relative(featuresRoot, file);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep)[0] ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'web features do not import each other; shared code does not import features' },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' } }, additionalProperties: false }],
    messages: {
      crossFeature: '功能模块 "{{from}}" 不能引用功能模块 "{{to}}"：把共用的代码移到 components/ 或 lib/。',
      sharedToFeature: '共享代码不能引用功能模块 "{{to}}"。',
    },
  },
  create(context) {
    const srcRoot = resolve(context.cwd, context.options[0]?.srcRoot ?? 'apps/web/src');
    const featuresRoot = resolve(srcRoot, 'features');
    const file = context.filename;
    const fromFeature = featureOf(file, featuresRoot);
    const inSrc = !relative(srcRoot, file).startsWith('..');

    /** @param {import('estree').Node & { source?: import('estree').Literal | null }} node */
    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      const toFeature = featureOf(target, featuresRoot);
      if (!toFeature || toFeature === fromFeature) return;
      if (fromFeature) {
        context.report({ node, messageId: 'crossFeature', data: { from: fromFeature, to: toFeature } });
      } else if (
        inSrc &&
        !relative(srcRoot, file).startsWith('app' + sep) &&
        !relative(srcRoot, file).startsWith('test' + sep)
      ) {
        // app/ (router, layout) composes features; components/, lib/, locales/ must not.
        context.report({ node, messageId: 'sharedToFeature', data: { to: toFeature } });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => {
        if (node.source.type === 'Literal') check({ ...node, source: node.source });
      },
    };
  },
};

export default { rules: { 'feature-boundaries': rule } };
