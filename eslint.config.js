import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.scratch*/**', '.tmp/**', '**/test-results/**', '**/playwright-report/**', '*.config.js', 'packages/client/src/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Fastify route handlers and hooks are async by contract, even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Plain Node scripts (no tsconfig): lint them without type information.
  { files: ['**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Feature boundaries (index.ts only, no folder cycles) are dependency-cruiser's: .dependency-cruiser.cjs.
  // A list's path has one home, the contracts' LIST_PATHS: the screens never write one by hand (tests stub the server by path).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...['Literal[value=/\\x2Fapi\\x2Fadmin\\x2Flist\\x2F/]', 'TemplateElement[value.raw=/\\x2Fapi\\x2Fadmin\\x2Flist\\x2F/]'].map((selector) => ({
        selector,
        message: 'Take a list path from LIST_PATHS (@enamel/contracts), not a string.',
      }))],
    },
  },
  {
    files: ['**/test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', 'apps/e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
