// @ts-check
// ESLint rule: no import cycles below a source root (issue 39.5). Every file of `root` (tests
// left out: nothing imports them) is a node; an import that closes a loop of files is reported
// with the loop. With `folders`, the folders below those prefixes are nodes too: a folder there
// may not import a folder that imports it back, however long the way round. Type-only imports
// count: a loop of types is still two files that cannot be read apart.
import { dirname, relative, resolve, sep } from 'node:path';
import { importGraph, pathBetween, segmentsOf } from './import-graph.js';

const isTest = (/** @type {string} */ rel) => /\.test\.tsx?$/.test(rel);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'no import cycles between files, nor between the given folders' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, folders: { type: 'array', items: { type: 'string' } } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      fileCycle: '文件之间不能循环引用：{{cycle}}。把共用的部分移到第三个文件里。',
      folderCycle: '目录之间不能循环引用：{{cycle}}。把共用的部分移到下层目录。',
    },
  },
  create(context) {
    const options = /** @type {{ root: string, folders?: string[] }} */ (context.options[0]);
    const root = resolve(context.cwd, options.root);
    const folders = options.folders ?? [];
    const rel = (/** @type {string} */ file) => relative(root, file).split(sep).join('/');
    const self = segmentsOf(root, context.filename);
    if (!self || isTest(rel(context.filename))) return {};

    const fileGraph = importGraph(`files:${root}`, root, (r) => !isTest(r), rel);
    const inFolders = (/** @type {string} */ r) => folders.some((f) => r.startsWith(f + '/'));
    const folderOf = (/** @type {string} */ file) => {
      const r = rel(file);
      return inFolders(r) ? dirname(r) : null;
    };
    const folderGraph = importGraph(
      `folders:${root}:${folders.join(',')}`,
      root,
      (r) => !isTest(r) && inFolders(r),
      folderOf,
    );

    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    function check(node) {
      const spec = node.source && node.source.type === 'Literal' ? node.source.value : undefined;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(context.filename), spec);
      if (!segmentsOf(root, target)) return;
      const from = rel(context.filename);
      const to = rel(target);
      const back = pathBetween(fileGraph, to, from);
      if (back) {
        context.report({ node, messageId: 'fileCycle', data: { cycle: [from, ...back].join(' → ') } });
        return;
      }
      const fromFolder = folderOf(context.filename);
      const toFolder = folderOf(target);
      if (!fromFolder || !toFolder || fromFolder === toFolder) return;
      const way = pathBetween(folderGraph, toFolder, fromFolder);
      if (way) context.report({ node, messageId: 'folderCycle', data: { cycle: [fromFolder, ...way].join(' → ') } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-cycle': rule } };
