// ESLint (`npm run lint`, run by .ci/run): JavaScript's and typescript-eslint's recommended rules
// everywhere, and React's hooks rules in the browser app. Formatting is Prettier's, layering
// dependency-cruiser's (.dependency-cruiser.cjs).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'scratch/', 'coverage/', 'openapi/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore names what is left out on purpose (a field dropped from a copy, a
      // parameter a signature needs).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The package's own Node programs and tool configs, plain JavaScript run by Node.
    files: ['**/*.{mjs,cjs,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests break documents on purpose, field by field, where a type would only get in the way.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
