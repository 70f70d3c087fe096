// Lint (npm run lint, part of npm test, no warnings allowed): ESLint's recommended rules and
// typescript-eslint's type-checked ones (they see through types: a floating promise, an `any`
// leaking from JSON, a method passed without its object). Formatting is Prettier's
// (.prettierrc.json); unused files and exports are knip's, import cycles dpdm's, in the same script.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist.*/',
      'completions/',
      '.build/',
      '.bench/',
      'coverage/',
      'reports/',
      '.stryker-tmp/',
      'node_modules/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `_`-prefixed parameters and caught errors are placeholders by intent.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // An ES module import of node:http makes Node 22+ evaluate all its exports, one of which loads
    // Node's own copy of undici (~8 ms per command): read it with process.getBuiltinModule().
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['http', 'node:http'].map((name) => ({
            name,
            allowTypeImports: true,
            message: "use process.getBuiltinModule('node:http') where it is needed",
          })),
        },
      ],
    },
  },
  // Plain JavaScript (scripts, bench, bin) has no types to check.
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
  // The entry is CommonJS (bin/package.json) so `--version` never starts the ESM loader.
  {
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests read the CLI's JSON output as `any` on purpose: the assertions that follow are its type
    // check. Their fakes of async interfaces (a prompter, a page, a sleep) answer at once.
    files: ['test/**/*.ts', 'src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
