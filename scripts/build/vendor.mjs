// dist/vendor/: the large libraries a command loads only when it uses it, and the plugins that
// keep them out of the program's file (scripts/build.mjs).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Each file of dist/vendor/ and what it holds: a package (all of it, as `import()` of it needs),
 * a source file, or the names src/ imports from some modules (found in src/, the rest left out).
 */
export const VENDOR = {
  'undici-parts': { file: 'src/api/undici-parts.ts' },
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
  'mcp-server': { namesFrom: ['@modelcontextprotocol/sdk/server/index.js', '@modelcontextprotocol/sdk/types.js'] },
  'mcp-stdio': { package: '@modelcontextprotocol/sdk/server/stdio.js' },
  'mcp-http': { package: '@modelcontextprotocol/sdk/server/streamableHttp.js' },
};

/** What src/ imports (a package name, or a path from the root without extension) → its vendor file. */
const vendorFileOf = new Map(
  Object.entries(VENDOR).flatMap(([name, { file, package: pkg, namesFrom }]) =>
    [file?.replace(/\.ts$/, ''), pkg, ...(namesFrom ?? [])]
      .filter(Boolean)
      .map((imported) => [imported, `./vendor/${name}.js`]),
  ),
);

/** In the program's build, an import of a vendor file's content becomes a require() of that file. */
export const vendorFilesExternal = {
  name: 'vendor-files-external',
  setup(context) {
    context.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const imported = args.path.startsWith('.')
        ? relative(root, resolve(args.resolveDir, args.path)).replace(/\.js$/, '')
        : args.path;
      const file = vendorFileOf.get(imported);
      return file ? { path: file, external: true } : undefined;
    });
  },
};

/** Every value name src/ imports from `module`, which it must import by name (`import { a, type B }`). */
async function namesImportedFrom(module) {
  const names = new Set();
  const quoted = module.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const statement = new RegExp(`import\\s+(?!type\\s)([^;]*?)\\s*from\\s*'${quoted}'`, 'g');
  for (const path of await readdir(join(root, 'src'), { recursive: true })) {
    if (!path.endsWith('.ts') || path.endsWith('.test.ts')) continue;
    for (const [, clause] of (await readFile(join(root, 'src', path), 'utf8')).matchAll(statement)) {
      const list = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
      if (list === undefined)
        throw new Error(`src/${path}: import names from '${module}' (dist/vendor/ keeps only those)`);
      for (const name of list.split(',').map((n) => n.trim()))
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
    }
  }
  return [...names];
}

/** The vendor entries made of names: a module of re-exports, so the build keeps only those. */
export const vendorReexports = {
  name: 'vendor-reexports',
  setup(context) {
    context.onResolve({ filter: /^vendor:/ }, (args) => ({ path: args.path, namespace: 'vendor' }));
    context.onLoad({ filter: /.*/, namespace: 'vendor' }, async (args) => {
      const lines = [];
      for (const module of VENDOR[args.path.slice('vendor:'.length)].namesFrom)
        lines.push(`export { ${(await namesImportedFrom(module)).join(', ')} } from '${module}';`);
      return { contents: lines.join('\n'), resolveDir: root };
    });
  },
};

/**
 * src/ is ES modules in a "module" package, so esbuild reads a default import of a vendor file the
 * way Node reads one of a CommonJS file (default = the whole module.exports). The vendor files are
 * converted ES modules (__esModule set): the program's file reads them as such. Blanks keep the
 * map's columns.
 */
export function importVendorFilesAsEsModules(programFile) {
  const asNodeImport = /(__toESM\(require\("\.\/vendor\/[\w-]+\.js"\)), 1\)/g;
  const text = programFile.text.replaceAll(asNodeImport, '$1   )');
  // Any other form means esbuild's output changed: fail here, not in a command at run time.
  const unread = /__toESM\(require\("\.\/vendor\/[\w-]+\.js"\)(?! {3}\))/.exec(text);
  if (unread) throw new Error(`dist/main.js: a vendor import not read as an ES module: ${unread[0]}…`);
  programFile.contents = Buffer.from(text);
}
