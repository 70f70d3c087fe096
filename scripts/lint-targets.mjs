// What `npm run lint` checks: the project's own folders and files, named, not `.`: a file a reader
// of the docs (or a tool) leaves in the clone, untracked, is not the project's and fails nothing.
const FOLDERS = ['src', 'test', 'scripts', 'bench', 'bin'];
const CONFIG_FILES = ['eslint.config.js', 'stryker.config.mjs', 'vitest.config.ts', 'vitest.mutate.config.ts'];
const SETTINGS = ['package.json', 'tsconfig.json', 'knip.json', '.prettierrc.json'];

/** ESLint: code. */
export const ESLINT_TARGETS = [...FOLDERS, ...CONFIG_FILES];
/** Prettier: code and the settings files (docs/ and *.md are left as written: .prettierignore). */
export const PRETTIER_TARGETS = [...FOLDERS, ...CONFIG_FILES, ...SETTINGS];
