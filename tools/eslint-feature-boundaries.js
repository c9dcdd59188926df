// @ts-check
// ESLint rule: web features never import each other, shared code never imports a feature
// (STYLE.md 1), and `lib/` sits below the rest of the shared code: it imports nothing from
// `components/`, `api/`, `app/` or `ops/` (its tests may use the shared test helpers).
// Relative and `@/`-less imports are resolved against the importing file.
import { dirname, relative, resolve, sep } from 'node:path';

/** @param {string} file @param {string} featuresRoot */
function featureOf(file, featuresRoot) {
  const rel = relative(featuresRoot, file);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep)[0] ?? null;
}

/** The shared folders above lib/ (features are refused as for all shared code). */
const ABOVE_LIB = ['components', 'api', 'app', 'ops'];

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'web features do not import each other; shared code does not import features' },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' } }, additionalProperties: false }],
    messages: {
      crossFeature: '功能模块 "{{from}}" 不能引用功能模块 "{{to}}"：把共用的代码移到 components/ 或 lib/。',
      sharedToFeature: '共享代码不能引用功能模块 "{{to}}"。',
      libUp: 'lib/ 在 {{to}}/ 之下，不能引用它：把要共用的部分移到 lib/，或把这段代码移到 {{to}}/。',
    },
  },
  create(context) {
    const srcRoot = resolve(context.cwd, context.options[0]?.srcRoot ?? 'apps/web/src');
    const featuresRoot = resolve(srcRoot, 'features');
    const file = context.filename;
    const fromFeature = featureOf(file, featuresRoot);
    const inSrc = !relative(srcRoot, file).startsWith('..');
    const inLib = relative(srcRoot, file).startsWith('lib' + sep) && !/\.test\.tsx?$/.test(file);

    /** @param {import('estree').Node & { source?: import('estree').Literal | null }} node */
    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      const toTop = relative(srcRoot, target).split(sep)[0] ?? '';
      if (inLib && ABOVE_LIB.includes(toTop)) {
        context.report({ node, messageId: 'libUp', data: { to: toTop } });
        return;
      }
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
