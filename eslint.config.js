import fs from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import shotcraft from './scripts/eslint/workspace-boundaries.js';

const { workspaces } = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * Import boundaries: code flows lib → domains → components → features → app.
 * - lib (infrastructure: clients, errors, query cache, env, format) never imports a domain;
 * - domains (jobs, credits, social, library, content, profile, analytics: the data and hooks several
 *   features share) never import components, features or app;
 * - config, types and components never import features or app;
 * - a feature never imports another feature or app;
 * - components never import the Supabase client (only feature api/ modules do).
 */
const features = fs.existsSync('src/features')
  ? fs.readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

// The worker: its shared parts (http, image, video, models, jobs, storage…) sit below the studios and
// never import one; a studio never imports another. Only the composition root (server, routes, index)
// knows the studios.
const workerStudios = fs.existsSync('worker/src/studios')
  ? fs.readdirSync('worker/src/studios', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const restrict = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { patterns, paths }] });
// A component calls a hook that owns the mutation and its invalidations (domains/<d>, features/<f>/api).
const noMutationInComponents = [{ name: '@tanstack/react-query', importNames: ['useMutation'], message: 'Components call a data hook that owns the mutation (src/domains/<d>/ or the feature\'s api/), not useMutation.' }];
const noApp = { group: ['@/app/*', '**/app/*'], message: 'Only src/app composes screens; import from lib, components or your own feature.' };
const noFeatures = { group: ['@/features/*'], message: 'Shared code must not depend on a feature.' };
const noDomains = { group: ['@/domains/*', '**/domains/*'], message: 'src/lib is infrastructure: it never imports a domain.' };
const noComponents = { group: ['@/components/*'], message: 'Data code never imports UI: components call it, not the other way round.' };
const noSupabaseInComponents = { group: ['@/lib/supabase', '@/lib/supabase-public'], message: 'Components never import the Supabase client: call a service in features/<f>/api.' };

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'coverage', 'playwright-report', 'test-results', '.devstack', 'node_modules', 'supabase/functions/**', 'devstack/deno/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  { files: ['src/lib/**'], rules: restrict([noApp, noFeatures, noDomains, noComponents]) },
  // A test may render what it checks with (the toaster a query error raises).
  { files: ['src/lib/**/*.test.{ts,tsx}'], rules: restrict([noApp, noFeatures, noDomains]) },
  { files: ['src/domains/**'], rules: restrict([noApp, noFeatures, noComponents]) },
  { files: ['src/config/**', 'src/types/**'], rules: restrict([noApp, noFeatures]) },
  { files: ['src/components/**'], rules: restrict([noApp, noFeatures, noSupabaseInComponents], noMutationInComponents) },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: restrict([
      noApp,
      {
        group: features.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}`, `@/features/${f}/*`, `**/features/${f}/*`]),
        message: 'A feature never imports another feature: move shared code to lib or components.',
      },
    ]),
  })),
  ...features.map((feature) => ({
    files: [`src/features/${feature}/components/**`],
    rules: restrict([noApp, noSupabaseInComponents, { group: features.filter((f) => f !== feature).map((f) => `@/features/${f}/*`), message: 'A feature never imports another feature.' }], noMutationInComponents),
  })),
  {
    // A screen part that grows past this is split by what it shows (the share dialog, the analytics page).
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/types/**'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
  {
    files: ['worker/src/**/*.ts'],
    ignores: ['worker/src/studios/**', 'worker/src/{server,routes,index}.ts'],
    rules: restrict([{ group: ['**/studios/*', '**/studios/*/*'], message: "The worker's shared parts never import a studio: move what two studios need below them (image/, video/, models/, jobs/)." }]),
  },
  ...workerStudios.map((studio) => ({
    files: [`worker/src/studios/${studio}/**/*.ts`],
    rules: restrict([
      {
        group: workerStudios.filter((s) => s !== studio).flatMap((s) => [`../${s}/*`, `../../${s}/*`, `**/studios/${s}/*`]),
        message: 'A studio never imports another studio: move what both need below them (image/, video/, models/, jobs/).',
      },
    ]),
  })),
  {
    // One workspace never reaches into another by a relative path (scripts/eslint/workspace-boundaries.js).
    files: ['**/*.{ts,tsx,js}'],
    plugins: { shotcraft },
    rules: { 'shotcraft/workspace-boundaries': ['error', { workspaces }] },
  },
  {
    files: ['packages/**/*.ts', 'devstack/**/*.ts', 'worker/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
