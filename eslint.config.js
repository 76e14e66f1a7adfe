// ESLint flat config. Beyond style, it guards the architecture (ARCHITECTURE §2):
//  - the studio imports only types from the server;
//  - only *.repo.ts files (and db/) import Drizzle tables;
//  - no import cycles.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.scratch/**', 'db/migrations/**', 'coverage/**'] },
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
    files: ['studio/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@tessera/server', '@tessera/server/*'], allowTypeImports: true, message: 'The studio may import only types from the server.' },
            { group: ['@tessera/db', '@tessera/db/*', 'drizzle-orm', 'drizzle-orm/*'], message: 'The studio never touches the database.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.repo.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@tessera/db/schema'], allowTypeImports: true, message: 'Only *.repo.ts files import Drizzle tables.' }] },
      ],
    },
  },
);
