import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/graphql-env.d.ts', 'apps/server/src/db/migrations/**', 'test-results/**', 'playwright-report/**', '.tmp/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every dialog takes one of the app's six sizes (SPEC 2): Mantine's Modal only through ui/modal.tsx.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/ui/modal.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@mantine/core', importNames: ['Modal', 'ModalRoot'], message: 'Use Modal from ui/modal, whose size is one of m, l, ml, xl, xxl, xxxl.' }] }],
    },
  },
  {
    // The web never re-derives a lifecycle rule from a stored status (issue 20): what the caller may
    // do comes from the server's `abilities`, and how a status reads from the domain's stages
    // (creationStage, testStage, updateRequestStage) and named targets (lifecycleTarget, TEST_MOVE…).
    // PENDING and FAILED are left out: the zip bundle's job state uses them too.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^(CREATED|SUBMITTED|TESTING|APPROVED|REJECTED|OPEN|IN_PROGRESS|DONE|CLEARED|PASSED)$/]',
          message: 'No status literals in the web: read `abilities` from the server, or a stage or target from @corner/domain.',
        },
      ],
    },
  },
  {
    // Domain code is pure: no I/O, no Node or browser APIs.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'drizzle-orm*', 'react*', 'fastify*'] }],
    },
  },
);
