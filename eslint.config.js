// ESLint flat config. Beyond style, it guards the architecture (ARCHITECTURE §2):
//  - no import cycles (import-x/no-cycle);
//  - a workspace (shared, db, server, studio, and bench, which is no package) reaches another only
//    through its package name and `exports`, never by a relative path out of itself
//    (import-x/no-relative-packages);
//  - the studio imports only types from the server and never touches the database; its Node-side
//    e2e tests may run server code (@typescript-eslint/no-restricted-imports);
//  - studio/src/lib never imports studio/src/features: features build on lib, not the reverse
//    (import-x/no-restricted-paths);
//  - in server/src, only *.repo.ts files import Drizzle tables, and a *.repo.ts is imported only
//    from its own folder: other areas go through that area's service or <area>.api.ts
//    (@typescript-eslint/no-restricted-imports).
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_TYPES_ONLY = {
  group: ['@tessera/server', '@tessera/server/*'],
  allowTypeImports: true,
  message: 'The studio may import only types from the server.',
};
const NO_DATABASE = { group: ['@tessera/db', '@tessera/db/*', 'drizzle-orm', 'drizzle-orm/*'], message: 'The studio never touches the database.' };
const SCHEMA_IN_REPOS_ONLY = { group: ['@tessera/db/schema'], allowTypeImports: true, message: 'Only *.repo.ts files import Drizzle tables.' };
// Any import of a *.repo(.ts) but `./<name>.repo.ts`: a repo is its folder's own business.
const REPO_IN_ITS_FOLDER_ONLY = {
  regex: '^(?!\\./[^/]+$).*\\.repo(\\.ts)?$',
  message: "A *.repo.ts is imported only from its own folder; other areas use that area's service or <area>.api.ts.",
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', '.data/**', '.scratch/**', 'db/migrations/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'], 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['{shared,db,server,studio,bench}/**/*.{ts,tsx,js,mjs}'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    files: ['studio/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SERVER_TYPES_ONLY, NO_DATABASE] }] },
  },
  {
    // The e2e tests run in Node against a real server, not in the browser bundle.
    files: ['studio/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_DATABASE] }] },
  },
  {
    files: ['studio/src/lib/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [{ target: './studio/src/lib', from: './studio/src/features', message: 'lib/ is below the features: move the shared piece into lib/ or pass it in.' }],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SCHEMA_IN_REPOS_ONLY, REPO_IN_ITS_FOLDER_ONLY] }] },
  },
  {
    files: ['server/src/**/*.repo.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [REPO_IN_ITS_FOLDER_ONLY] }] },
  },
  {
    // React's rules of hooks, and effect/memo/callback dependency lists that match what they read.
    // Not the e2e tests: they run in Node, and their use*() helpers are Playwright fixtures, not hooks.
    files: ['studio/**/*.{ts,tsx}'],
    ignores: ['studio/e2e/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
