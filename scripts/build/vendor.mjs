// dist/vendor/: the large libraries a command loads only when it uses it, and the plugins that
// keep them out of the program's file (scripts/build.mjs).
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The CommonJS files of dist/vendor/, each a file of src/ naming the parts of a package it keeps:
 * the program require()s them where the module that needs them is evaluated, without Node's ES
 * module loader (a few ms at the first import()). The HTTP client's part of undici, which every
 * request needs, and the MCP server with its stdio transport, which `mcp serve` needs at once.
 * They share no code with each other, so nothing is bundled twice among them.
 */
export const COMMONJS_VENDOR = {
  'undici-parts': { file: 'src/api/undici-parts.ts' },
  mcp: { file: 'src/mcp/sdk.ts' },
  // The eval report as a web page (--html): its page, style and script are text no other command needs.
  'eval-html': { file: 'src/eval/html/render.ts' },
  // jq in WebAssembly (--jq): 1.3 MB that only a line with --jq loads.
  jq: { file: 'src/ui/jq-vendor.ts' },
};

/**
 * The ES module files of dist/vendor/ and the package each holds (all of it, as `import()` of it
 * needs), split where they share code.
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
  'mcp-http': { package: '@modelcontextprotocol/sdk/server/streamableHttp.js' },
  // Word-level differences of two answers (agents logs replay).
  diff: { package: 'diff' },
  // The CSV datasets of eval files.
  'csv-parse': { package: 'csv-parse/sync' },
};

/**
 * The one file of src/ that import()s the ES module files above, built on its own as
 * dist/esm-vendor.cjs (scripts/build.mjs): the program, compiled from a vm.Script, has no import().
 */
export const ESM_VENDOR_IMPORTER = 'src/util/esm-vendor';

/** What src/ imports (a package name, or a path from the root without extension) → its file in dist/. */
const vendorFileOf = new Map([
  ...Object.entries(COMMONJS_VENDOR).map(([name, { file }]) => [file.replace(/\.ts$/, ''), `./vendor/${name}.cjs`]),
  ...Object.entries(VENDOR).map(([name, { package: pkg }]) => [pkg, `./vendor/${name}.js`]),
  [ESM_VENDOR_IMPORTER, './esm-vendor.cjs'],
]);

/**
 * In the program's build, an import of a vendor file's content stays an import of that file: a
 * require() of a CommonJS one, an import() of an ES module one. The build stops on any other
 * pairing: a static import of an ES module would be a require() of it, which Node 20.18 cannot do,
 * and an import() of a CommonJS one would start the ES module loader for nothing.
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
      const fromImporter = relative(root, args.importer).replace(/\.ts$/, '') === ESM_VENDOR_IMPORTER;
      if (file.endsWith('.js') && (args.kind !== 'dynamic-import' || !fromImporter))
        return {
          errors: [{ text: `${args.path} is an ES module of dist/vendor/: import() it in ${ESM_VENDOR_IMPORTER}.ts` }],
        };
      if (file.endsWith('.cjs') && args.kind === 'dynamic-import')
        return { errors: [{ text: `${args.path} is a CommonJS file of dist/vendor/: import it statically` }] };
      return { path: file, external: true };
    });
  },
};
