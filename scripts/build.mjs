// Bundles src/ and its dependencies into dist/, split at every dynamic import, so a
// command loads only the chunks it uses and start-up reads few files.
// Type-checking is `npm run typecheck`.
import { build } from 'esbuild';
import { mkdir, rm, writeFile } from 'node:fs/promises';

await rm(new URL('../dist/', import.meta.url), { recursive: true, force: true });
const result = await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS packages (commander, …) call require(); give each ESM chunk one.
  banner: { js: "import { createRequire as __agentsCreateRequire } from 'node:module'; const require = __agentsCreateRequire(import.meta.url);" },
  // conf's atomic writer ignores short writes; src/config/atomic-write.ts replaces it.
  alias: { atomically: './src/config/atomic-write.ts' },
  metafile: true,
  logLevel: 'warning',
});

// Which sources went into which output file: tests use it to check what start-up loads.
await mkdir(new URL('../.build/', import.meta.url), { recursive: true });
await writeFile(new URL('../.build/metafile.json', import.meta.url), JSON.stringify(result.metafile));
