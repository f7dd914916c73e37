import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.scratch*/**', '.tmp/**', '**/test-results/**', '**/playwright-report/**', '*.config.js'] },
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
  { files: ['**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // A web feature uses another feature only through that feature's index.ts, never its other files. The import text
  // says which folder it reaches by its depth: from features/<x>/ one `../` leads to a sibling feature, from
  // features/<x>/<sub>/ two do. `warn` until the remaining reaches in procedures, procedure-templates, reports and the
  // list pages go through index.ts too; then `error`.
  ...[1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: `^(\\.\\./){${depth}}[a-z0-9-]+/(?!index\\.ts$)`,
          message: "Import another feature through its index.ts (add the export there), not its internal files.",
        }],
      }],
    },
  })),
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
