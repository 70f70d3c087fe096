// Bundles src/ and its dependencies into dist/ as CommonJS, in two parts:
// - dist/main.js, the program: all of src/ with commander, zod and the small libraries, in one
//   file. A module reached only through import() is evaluated when it is first imported, so each
//   command runs only its own code. `create` loads 3 files where a build split at every import()
//   loaded 47: 117.8 → 110.7 ms on Node 20, 92.0 → 87.9 on Node 26 (medians of 25).
// - dist/vendor/, the large libraries a command loads only when it uses them (undici, yaml, the
//   prompts, ajv, conf, ora, the MCP SDK), split where they share code.
// Type-checking is `npm run typecheck`.
import { build, transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The MCP SDK's ajv validator, only for elicitation (never used), replaced: see src/mcp/no-ajv-provider.ts. */
const withoutSdkAjv = {
  name: 'mcp-sdk-without-ajv',
  setup(context) {
    context.onResolve({ filter: /validation\/ajv-provider\.js$/ }, (args) =>
      args.importer.includes('@modelcontextprotocol') ? { path: join(root, 'src/mcp/no-ajv-provider.ts') } : undefined,
    );
  },
};

/**
 * Each file of dist/vendor/ and what it holds: a package (all of it, as `import()` of it needs),
 * a source file, or the names src/ imports from some modules (found in src/, the rest left out).
 */
const VENDOR = {
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
const vendorFilesExternal = {
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
const vendorReexports = {
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
 * commander requires node:child_process when it loads, for executable subcommands, which the
 * program has none of: loading it (with dgram and the rest it needs) cost every command 1 ms on
 * Node 20. commander gets it on first use instead.
 */
const childProcessOnFirstUse = {
  name: 'child-process-on-first-use',
  setup(context) {
    context.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('node_modules/commander/')
        ? { path: 'child_process', namespace: 'on-first-use' }
        : undefined,
    );
    context.onLoad({ filter: /.*/, namespace: 'on-first-use' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, name) => require('node:child_process')[name] });",
    }));
  },
};

/**
 * undici's client requires its HTTP/2 half when it loads, and with it node:http2, node:tls and
 * node:crypto, though a connection uses HTTP/2 only when TLS negotiates it: 4 MiB and 5 ms of
 * every request on Node 26. The client gets it on the first such connection instead.
 */
const http2OnFirstUse = {
  name: 'http2-on-first-use',
  setup(context) {
    context.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      args.importer.endsWith(join('undici', 'lib', 'dispatcher', 'client.js'))
        ? { path: 'undici/lib/dispatcher/client-h2.js', namespace: 'on-first-use', pluginData: args.resolveDir }
        : undefined,
    );
    context.onLoad({ filter: /client-h2\.js$/, namespace: 'on-first-use' }, (args) => ({
      contents: "module.exports = (...args) => require('./client-h2.js')(...args);",
      resolveDir: args.pluginData,
    }));
  },
};

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20.18',
  // Maps beside each file, used only under --debug (bin/agents.js), so a stack trace names src/
  // files and lines. Without the sources' text: the names and lines are what a report needs.
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  write: false,
  logLevel: 'warning',
  // conf's atomic writer ignores short writes; src/config/atomic-write.ts replaces it.
  alias: { atomically: './src/config/atomic-write.ts' },
};

const program = await build({
  ...shared,
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  format: 'cjs',
  // import() of a module of the bundle becomes its evaluation, of a vendor file a require().
  supported: { 'dynamic-import': false },
  plugins: [vendorFilesExternal, childProcessOnFirstUse],
});

// src/ is ES modules in a "module" package, so esbuild reads a default import of a vendor file the
// way Node reads one of a CommonJS file (default = the whole module.exports). The vendor files are
// converted ES modules (__esModule set): read them as such. Blanks keep the map's columns.
const programFile = program.outputFiles.find((file) => file.path.endsWith('main.js'));
const asNodeImport = /(__toESM\(require\("\.\/vendor\/[\w-]+\.js"\)), 1\)/g;
programFile.contents = Buffer.from(programFile.text.replaceAll(asNodeImport, '$1   )'));

const vendor = await build({
  ...shared,
  entryPoints: Object.entries(VENDOR).map(([name, { file, package: pkg, entry }]) => ({
    in: entry ?? file ?? pkg ?? `vendor:${name}`,
    out: name,
  })),
  outdir: 'dist/vendor',
  // esbuild splits only ES modules: split first, convert each file after (asCommonJs).
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [withoutSdkAjv, vendorReexports, http2OnFirstUse],
});

// Shell completion's per-TAB entry, which bin/agents.js requires without the CLI: one CommonJS
// file of local modules, so a TAB never starts Node's ES module loader.
const completion = await build({
  entryPoints: ['src/completion/complete.ts'],
  outfile: 'dist/complete.cjs',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.18',
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  write: false,
  logLevel: 'warning',
});

// dist/ is replaced whole, by a rename: a build while tests or commands run (the demo rebuilds
// when src/ is newer) never leaves them a half-written or missing bundle.
const staging = join(root, `dist.building-${process.pid}`);
for (const file of [...program.outputFiles, ...(await asCommonJs(vendor.outputFiles)), ...completion.outputFiles]) {
  const target = join(staging, relative(join(root, 'dist'), file.path));
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, file.contents);
}
// The files are CommonJS named .js, in a package whose root says "module".
await writeFile(join(staging, 'package.json'), '{\n  "type": "commonjs"\n}\n');
const previous = join(root, `dist.previous-${process.pid}`);
await rename(join(root, 'dist'), previous).catch((error) => {
  if (error.code !== 'ENOENT') throw error;
});
await rename(staging, join(root, 'dist'));
await rm(previous, { recursive: true, force: true });

// `agents --help` off a terminal, as the program prints it, for bin/agents.js to answer with.
const help = execFileSync(process.execPath, ['bin/agents.js', '--help'], {
  encoding: 'utf8',
  env: { ...process.env, AGENTS_LIVE_OUTPUT: '1' },
});
await writeFile(new URL('../dist/help.txt', import.meta.url), help);

// Which sources went into which output file: tests use it to check what start-up loads.
await mkdir(new URL('../.build/', import.meta.url), { recursive: true });
await writeFile(
  new URL('../.build/metafile.json', import.meta.url),
  JSON.stringify({
    inputs: { ...program.metafile.inputs, ...vendor.metafile.inputs, ...completion.metafile.inputs },
    outputs: { ...program.metafile.outputs, ...vendor.metafile.outputs, ...completion.metafile.outputs },
  }),
);

/**
 * The split ES module build of dist/vendor/, each file turned into CommonJS. Each file's map goes
 * in inline, so the new map still points into the sources; import() becomes require() in a
 * promise, and bundled packages' require() is Node's own.
 */
async function asCommonJs(outputFiles) {
  const maps = new Map(outputFiles.filter((f) => f.path.endsWith('.map')).map((f) => [f.path, f.text]));
  const converted = [];
  for (const file of outputFiles.filter((f) => f.path.endsWith('.js'))) {
    const map = maps.get(`${file.path}.map`);
    const code = file.text.replace(/\/\/# sourceMappingURL=\S+\s*$/, '');
    const inlineMap = `//# sourceMappingURL=data:application/json;base64,${Buffer.from(map).toString('base64')}\n`;
    const out = await transform(code + inlineMap, {
      format: 'cjs',
      platform: 'node',
      target: 'node20.18',
      supported: { 'dynamic-import': false },
      // As strict as the ES modules it was: no silent failures where they threw.
      banner: "'use strict';",
      sourcemap: 'external',
      sourcesContent: false,
      sourcefile: file.path,
      logLevel: 'warning',
    });
    if (out.warnings.length > 0) throw new Error(`${file.path}: ${out.warnings.map((w) => w.text).join('; ')}`);
    const name = file.path.split('/').at(-1);
    converted.push(
      { path: file.path, contents: `${out.code}//# sourceMappingURL=${name}.map\n` },
      { path: `${file.path}.map`, contents: out.map },
    );
  }
  return converted;
}
