// Lint (npm run lint, part of npm test, no warnings allowed): ESLint's and typescript-eslint's
// recommended rules. Formatting is Prettier's (.prettierrc.json), checked in the same script.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'completions/', '.build/', '.bench/', 'coverage/', 'reports/', '.stryker-tmp/', 'node_modules/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_`-prefixed parameters and caught errors are placeholders by intent.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
);
