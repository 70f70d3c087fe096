// Bundles src/ and its dependencies into dist/ as CommonJS, in two parts:
// - dist/main.js, the program: all of src/ with commander, zod and the small libraries, in one
//   file. A module reached only through import() is evaluated when it is first imported, so each
//   command runs only its own code. `create` loads 3 files where a build split at every import()
//   loaded 47: 117.8 → 110.7 ms on Node 20, 92.0 → 87.9 on Node 26 (medians of 25).
// - dist/vendor/, the large libraries a command loads only when it uses them (undici, yaml, the
//   prompts, ajv, conf, ora, the MCP SDK), split where they share code.
// Type-checking is `npm run typecheck`.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asCommonJs } from './build/as-commonjs.mjs';
import { childProcessOnFirstUse, http2OnFirstUse, withoutSdkAjv } from './build/package-plugins.mjs';
import { importVendorFilesAsEsModules, VENDOR, vendorFilesExternal, vendorReexports } from './build/vendor.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

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
  // conf's atomic writer ignores short writes; src/io/write-file.ts replaces it.
  alias: { atomically: './src/io/write-file.ts' },
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
importVendorFilesAsEsModules(program.outputFiles.find((file) => file.path.endsWith('main.js')));

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
