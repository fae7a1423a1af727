import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { partBoundaries } from './scripts/eslint/part-boundaries.mjs';

// Features never import each other, and shared code never imports features (bulletproof-react).
const features = fs.existsSync('client/src/features')
  ? fs
      .readdirSync('client/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const featureZones = features.map((feature) => ({
  files: [`client/src/features/${feature}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
            message:
              'Features do not import each other; compose them in app/ or move shared code to lib/ or components/.',
          },
          { group: ['@/app/*'], message: 'Features do not import the app layer.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'packages/shared/src/generated/**',
      '.cache/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Promises nobody awaits or handles lose their errors silently; these two rules need type information.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // React's act() returns a thenable even for synchronous callbacks, which need no await.
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: 'act', package: '@testing-library/react' },
            { from: 'package', name: 'act', package: 'react' },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'cli/**/*.{ts,js,mjs}',
      'e2e/**/*.ts',
      'scripts/**/*.{js,mjs}',
      '*.config.{js,ts}',
      '**/vitest.config.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: [
      'packages/contract-checker/src/cli.ts',
      'server/bench/**/*.ts',
      'scripts/**/*.{js,mjs}',
      'e2e/bench/**/*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['client/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['client/src/components/**', 'client/src/lib/**', 'client/src/hooks/**', 'client/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*', '@/app/*'], message: 'Shared code does not import features or the app layer.' },
          ],
        },
      ],
    },
  },
  ...featureZones,
  {
    // The parts share code through workspace packages by name, never by a relative path into another
    // part (server/test/architecture/cross-part-imports.test.ts plants one). e2e/ is left out: its
    // harness renders the client's components and starts the server's helpers, which is its job.
    files: ['client/**/*.{ts,tsx}', 'server/**/*.ts', 'cli/**/*.{ts,js,mjs}', 'packages/**/*.ts'],
    plugins: { 'part-boundaries': partBoundaries },
    rules: { 'part-boundaries/no-cross-part-relative-import': 'error' },
  },
);
