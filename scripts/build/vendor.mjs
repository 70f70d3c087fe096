// dist/vendor/: the large libraries a command loads only when it uses it, and the plugins that
// keep them out of the program's file (scripts/build.mjs).
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The HTTP client's part of undici: a CommonJS file of its own, which the program require()s. */
export const HTTP_CLIENT = { name: 'undici-parts', file: 'src/api/undici-parts.ts' };

/**
 * The ES module files of dist/vendor/ and what each holds: a package (all of it, as `import()` of
 * it needs), or a file of src/ that names the parts of a package it keeps.
 */
export const VENDOR = {
  yaml: { package: 'yaml' },
  // Its main file is UMD, whose require()s esbuild cannot follow: its ES module build instead.
  'jsonc-parser': { package: 'jsonc-parser', entry: 'jsonc-parser/lib/esm/main.js' },
  prompts: { package: '@inquirer/prompts' },
  ora: { package: 'ora' },
  conf: { package: 'conf' },
  ajv: { package: 'ajv' },
  'ajv-2019': { package: 'ajv/dist/2019.js' },
  'ajv-2020': { package: 'ajv/dist/2020.js' },
  'ajv-draft-04': { package: 'ajv-draft-04' },
  'mcp-server': { file: 'src/mcp/sdk.ts' },
  'mcp-stdio': { package: '@modelcontextprotocol/sdk/server/stdio.js' },
  'mcp-http': { package: '@modelcontextprotocol/sdk/server/streamableHttp.js' },
};

/** What src/ imports (a package name, or a path from the root without extension) → its vendor file. */
const vendorFileOf = new Map([
  [HTTP_CLIENT.file.replace(/\.ts$/, ''), `./vendor/${HTTP_CLIENT.name}.cjs`],
  ...Object.entries(VENDOR).map(([name, { package: pkg, file }]) => [
    pkg ?? file.replace(/\.ts$/, ''),
    `./vendor/${name}.js`,
  ]),
]);

/**
 * In the program's build, an import of a vendor file's content stays an import of that file: a
 * require() of the CommonJS one, an import() of an ES module one. A static import of an ES module
 * would be a require() of it, which Node 20.18 cannot do: the build says so and stops.
 */
export const vendorFilesExternal = {
  name: 'vendor-files-external',
  setup(context) {
    context.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const imported = args.path.startsWith('.')
        ? relative(root, resolve(args.resolveDir, args.path)).replace(/\.js$/, '')
        : args.path;
      const file = vendorFileOf.get(imported);
      if (!file) return undefined;
      if (file.endsWith('.js') && args.kind !== 'dynamic-import')
        return { errors: [{ text: `${args.path} is an ES module of dist/vendor/: import() it where it is used` }] };
      return { path: file, external: true };
    });
  },
};
