// @ts-check
import js from '@eslint/js';
import featureBoundaries from './tools/eslint-feature-boundaries.js';
import importCycles from './tools/eslint-import-cycles.js';
import serverLayers from './tools/eslint-server-layers.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A list of ids is one array parameter (db/any-of.ts): Drizzle's inArray sends one parameter per
// id, and 100,000 ids pass PostgreSQL's 65,535 (an outside probe's 500s). A fixed list
// (statuses) or a subquery may keep inArray.
const ID_LIST_RULE = {
  selector:
    "CallExpression[callee.name='inArray'][arguments.0.property.name=/^id$|Id$/][arguments.1.type=/^(ArrayExpression|Identifier)$/]",
  message: 'id 列表请用 anyId / anyUuid（db/any-of.ts）：整个列表作为一个数组参数，十万个 id 也不超过参数上限。',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'data/**', 'apps/server/drizzle/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, local: featureBoundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Feature folders, one-way imports (STYLE.md 1); lib/ below the rest of the shared code.
      'local/feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@flexpay/contract',
              message: '网页端请从 @flexpay/contract/web 引入：它不含 zod，登录页的包体积才不超标。',
            },
            {
              name: 'react-router',
              importNames: ['useParams'],
              message: '详情页的编号请用 useIdParam（lib/use-id-param.ts）：路由的 :id 或 ?id= 都由它读取。',
            },
          ],
        },
      ],
    },
  },
  {
    // Spec section 5: text inputs are trimmed when they lose focus. The web uses the trimmed
    // components (TrimmedInput, TrimmedTextArea, TrimmedSearch) for every text field; antd's plain
    // Input, Input.TextArea and Input.Search cannot come back. Input.Password stays: a password is
    // never trimmed.
    files: ['apps/web/src/**/*.tsx'],
    ignores: [
      'apps/web/src/components/trimmed-input.tsx',
      'apps/web/src/components/trimmed-text-area.tsx',
      'apps/web/src/components/trimmed-search.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Input']",
          message:
            '文本框请用 TrimmedInput（components/trimmed-input.tsx）：失焦时去掉首尾空格。密码框用 Input.Password。',
        },
        {
          selector: "JSXOpeningElement > JSXMemberExpression[object.name='Input'][property.name='TextArea']",
          message: '多行文本请用 TrimmedTextArea（components/trimmed-text-area.tsx）：失焦时去掉首尾空格。',
        },
        {
          selector: "JSXOpeningElement > JSXMemberExpression[object.name='Input'][property.name='Search']",
          message: '搜索框请用 TrimmedSearch（components/trimmed-search.tsx）：失焦时去掉首尾空格。',
        },
        {
          selector: 'ImportDeclaration[source.value=/^antd\\/(es|lib)\\/input\\/(Input|TextArea|Search)$/]',
          message: '文本框请用 TrimmedInput / TrimmedTextArea / TrimmedSearch：失焦时去掉首尾空格。',
        },
      ],
    },
  },
  {
    // No import cycles (issue 39.5): between the web's files, and between the shared folders
    // (lib/, components/, api/ and their sub-folders); between the contract's files.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { cycles: importCycles },
    rules: {
      'cycles/no-cycle': ['error', { root: 'apps/web/src', folders: ['lib', 'components', 'api', 'features'] }],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    plugins: { cycles: importCycles },
    rules: { 'cycles/no-cycle': ['error', { root: 'packages/contract/src' }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: serverLayers },
    // The server's layers (ARCHITECTURE.md): lib < db < core < plugins < modules < seed, no
    // module imports another module's repo, no folder cycles.
    rules: {
      'server/layers': 'error',
      'no-restricted-syntax': ['error', ID_LIST_RULE],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**'],
    // Row-level security (ADR 0025): the role and the company of a statement are set by the
    // database adapter alone (db/scoped-connection.ts), from the scope the code opened with
    // db/scope.ts. Anywhere else, a SET ROLE or set_config would be a silent bypass.
    rules: {
      'no-restricted-syntax': [
        'error',
        ID_LIST_RULE,
        {
          selector: 'Literal[value=/set\\s+(local\\s+)?role|set_config|app\\.company_id|row_security/i]',
          message: '数据库的角色与公司只由 db/ 的适配器设置：请用 db/scope.ts 的 inCompany / asPlatform 打开范围。',
        },
        {
          selector: 'TemplateElement[value.raw=/set\\s+(local\\s+)?role|set_config|app\\.company_id|row_security/i]',
          message: '数据库的角色与公司只由 db/ 的适配器设置：请用 db/scope.ts 的 inCompany / asPlatform 打开范围。',
        },
        {
          selector:
            ':matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression)[source.value=/scoped-connection/]',
          message: '数据库适配器只属于 db/：其他代码用 db/scope.ts 打开范围。',
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
