// Bundles src/ and its dependencies into dist/, split at every dynamic import, so a
// command loads only the chunks it uses and start-up reads few files.
// Type-checking is `npm run typecheck`.
import { build, transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The MCP SDK's ajv validator, only for elicitation (never used), replaced: see src/mcp/no-ajv-provider.ts. */
const withoutSdkAjv = {
  name: 'mcp-sdk-without-ajv',
  setup(context) {
    context.onResolve({ filter: /validation\/ajv-provider\.js$/ }, (args) =>
      args.importer.includes('@modelcontextprotocol')
        ? { path: fileURLToPath(new URL('../src/mcp/no-ajv-provider.ts', import.meta.url)) }
        : undefined,
    );
  },
};

const result = await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  chunkNames: 'chunks/[name]-[hash]',
  // conf's atomic writer ignores short writes; src/config/atomic-write.ts replaces it.
  alias: { atomically: './src/config/atomic-write.ts' },
  plugins: [withoutSdkAjv],
  // Maps beside each file, used only under --debug (bin/agents.js), so a stack trace names src/
  // files and lines. Without the sources' text: the names and lines are what a report needs.
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  write: false,
  logLevel: 'warning',
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
const root = fileURLToPath(new URL('..', import.meta.url));
const staging = join(root, `dist.building-${process.pid}`);
for (const file of [...(await asCommonJs(result.outputFiles)), ...completion.outputFiles]) {
  const target = join(staging, relative(join(root, 'dist'), file.path));
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, file.contents);
}
// The chunks are CommonJS files named .js, in a package whose root says "module".
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
    inputs: { ...result.metafile.inputs, ...completion.metafile.inputs },
    outputs: { ...result.metafile.outputs, ...completion.metafile.outputs },
  }),
);

/**
 * The split ES module build, each file turned into CommonJS: Node 20 loads the 30 files of a
 * command through its ES module loader 8 to 11 ms slower than through require() (npm run bench;
 * Node 22+ with the compile cache measured the same either way). esbuild splits only ES modules,
 * so it splits first and converts after. Each file's map goes in inline, so the new map still
 * points into src/; import() becomes require() in a promise, and bundled packages' require()
 * is Node's own again, with no createRequire banner in every chunk.
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
