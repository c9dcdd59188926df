// @ts-check
import js from '@eslint/js';
import featureBoundaries from './tools/eslint-feature-boundaries.js';
import serverLayers from './tools/eslint-server-layers.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      // Feature folders, one-way imports (STYLE.md 1).
      'local/feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@flexpay/contract',
              message: '网页端请从 @flexpay/contract/web 引入：它不含 zod，登录页的包体积才不超标。',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: serverLayers },
    // The server's layers (ARCHITECTURE.md): lib/ imports neither db/ nor modules/, db/ never
    // imports modules/, and no module imports another module's repo.
    rules: { 'server/layers': 'error' },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
