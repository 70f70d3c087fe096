// Bundles src/ and its dependencies into dist/, with esbuild and nothing done to its output:
// - dist/main.js, the program, CommonJS: all of src/ with commander, zod and the small libraries,
//   in one file. A module reached only through import() is evaluated when it is first imported, and
//   a require() runs where the module that needs it is evaluated, so each command runs only its own
//   code and loads only its own builtins (an ES module bundle would import every builtin any
//   command uses, at start-up: the start-up test in test/e2e/startup-imports.e2e.test.ts holds this).
// - dist/vendor/*.cjs, CommonJS: undici's HTTP client part and the MCP server, which the program
//   require()s where they are needed (scripts/build/vendor.mjs says why these two).
// - dist/vendor/*.js, the other large libraries a command loads only when it uses them (yaml, the
//   prompts, ajv, conf, ora, the MCP HTTP transport): ES modules, split where they share code,
//   reached by import() alone (a require() of an ES module fails on Node 20.18), and only from
//   dist/esm-vendor.cjs: bin/code-cache.js compiles the program from a vm.Script, where import()
//   fails, so the build stops if dist/main.js has one.
// Type-checking is `npm run typecheck`.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childProcessOnFirstUse, http2OnFirstUse, withoutSdkAjv } from './build/package-plugins.mjs';
import { COMMONJS_VENDOR, ESM_VENDOR_IMPORTER, VENDOR, vendorFilesExternal } from './build/vendor.mjs';

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
  // Less text to parse on every start (Node 20 compiles it all again each time): whitespace and
  // syntax only, so stack traces keep their functions' names.
  minifyWhitespace: true,
  minifySyntax: true,
  // conf's atomic writer ignores short writes; src/io/write-file.ts replaces it.
  alias: { atomically: './src/io/write-file.ts' },
};

const program = await build({
  ...shared,
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  format: 'cjs',
  plugins: [vendorFilesExternal, childProcessOnFirstUse],
});

const dynamicImports = Object.values(program.metafile.outputs)
  .flatMap((output) => output.imports)
  .filter((imported) => imported.kind === 'dynamic-import' && imported.external);
if (dynamicImports.length > 0)
  throw new Error(
    `dist/main.js would import() ${dynamicImports.map((imported) => imported.path).join(', ')}: import() ES modules in ${ESM_VENDOR_IMPORTER}.ts, require() builtins`,
  );

// bin/code-cache.js keeps the program's text as one V8 string: one character beyond Latin-1 (an
// em dash in a regular expression, which esbuild leaves as it is) makes V8 store every character
// in two bytes, 1.3 MB instead of 0.65 for dist/main.js.
const beyondLatin1 = (file) => {
  const text = new TextDecoder().decode(file.contents);
  let at = 0;
  while (at < text.length && text.charCodeAt(at) <= 0xff) at++;
  if (at < text.length)
    throw new Error(
      `${relative(root, file.path)} has ${JSON.stringify(text[at])} in ${JSON.stringify(text.slice(at - 40, at + 10))}: write it as an escape (\\u${text.codePointAt(at).toString(16).padStart(4, '0')}) in the source`,
    );
};
for (const file of program.outputFiles) if (file.path.endsWith('.js')) beyondLatin1(file);

// The program's one way to ES modules: compiled by Node's loader, where import() works.
const esmVendor = await build({
  ...shared,
  entryPoints: { 'esm-vendor': `${ESM_VENDOR_IMPORTER}.ts` },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  plugins: [vendorFilesExternal],
});

const commonJsVendor = await build({
  ...shared,
  entryPoints: Object.fromEntries(Object.entries(COMMONJS_VENDOR).map(([name, { file }]) => [name, file])),
  outdir: 'dist/vendor',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  plugins: [http2OnFirstUse, withoutSdkAjv],
});
for (const file of commonJsVendor.outputFiles) if (file.path.endsWith('.cjs')) beyondLatin1(file);

const vendor = await build({
  ...shared,
  entryPoints: Object.entries(VENDOR).map(([name, { package: pkg, entry }]) => ({ in: entry ?? pkg, out: name })),
  outdir: 'dist/vendor',
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // The CommonJS packages bundled in (ajv, parts of the SDK) call require() for Node's builtins.
  banner: {
    js: "import { createRequire as __agentsRequire } from 'node:module'; const require = __agentsRequire(import.meta.url);",
  },
  plugins: [withoutSdkAjv],
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
for (const file of [
  ...program.outputFiles,
  ...esmVendor.outputFiles,
  ...commonJsVendor.outputFiles,
  ...vendor.outputFiles,
  ...completion.outputFiles,
]) {
  const target = join(staging, relative(join(root, 'dist'), file.path));
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, file.contents);
}
// The program is CommonJS named .js, in a package whose root says "module"; dist/vendor/'s .js
// files are ES modules.
await writeFile(join(staging, 'package.json'), '{\n  "type": "commonjs"\n}\n');
await writeFile(join(staging, 'vendor', 'package.json'), '{\n  "type": "module"\n}\n');
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
    inputs: Object.assign(
      {},
      ...[program, esmVendor, commonJsVendor, vendor, completion].map((built) => built.metafile.inputs),
    ),
    outputs: Object.assign(
      {},
      ...[program, esmVendor, commonJsVendor, vendor, completion].map((built) => built.metafile.outputs),
    ),
  }),
);
