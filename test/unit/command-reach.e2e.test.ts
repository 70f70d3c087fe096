// What a one-shot command can load, from esbuild's metafile: the sources reached from the entry,
// the program's layer, and the command's own spec and run by static imports (and require()s of
// dist/'s CommonJS files), never through import(), which loads only when used. Each command has a
// budget of the bytes they put in dist/, so a feature that adds to another command's start-up fails here; and create
// reaches no other command's folder and none of the libraries and layers it never needs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertBuilt } from '../helpers/binary.js';

interface Metafile {
  inputs: Record<string, { bytes: number; imports: { path: string; kind: string; external?: boolean }[] }>;
  outputs: Record<string, { entryPoint?: string; inputs: Record<string, { bytesInOutput: number }> }>;
}

/**
 * What every one-shot command loads besides its own modules: the entry, the program, the run's
 * context and the HTTP client (which the context import()s at the first request).
 */
const PROGRAM = ['src/main.ts', 'src/cli.ts', 'src/context.ts', 'src/api/client.ts'];

/** Each one-shot command's folder, and its budget: the bytes it reached on 2026-11-28, about 8% more. */
const ONE_SHOT = {
  create: { folder: 'src/commands/resource/create', budget: 720_000 },
  list: { folder: 'src/commands/resource/list', budget: 720_000 },
  get: { folder: 'src/commands/resource/get', budget: 720_000 },
  update: { folder: 'src/commands/resource/update', budget: 720_000 },
  delete: { folder: 'src/commands/resource/delete', budget: 720_000 },
  invoke: { folder: 'src/commands/invoke', budget: 745_000 },
};

function metafile(): Metafile {
  assertBuilt();
  return JSON.parse(readFileSync(fileURLToPath(new URL('../../.build/metafile.json', import.meta.url)), 'utf8'));
}

/**
 * The sources reachable from `start` without import(), each with the bytes it put in the file of
 * dist/ it is loaded from: dist/main.js, or a CommonJS file of dist/ that a source require()s.
 */
export function reach(meta: Metafile, start: string[]): Map<string, number> {
  const entryOf = new Map(
    Object.entries(meta.outputs).flatMap(([file, out]) =>
      out.entryPoint ? [[file.replace(/^dist\//, './'), { file, entry: out.entryPoint }]] : [],
    ),
  );
  const reached = new Map<string, number>();
  const stack = start.map((source) => ({ source, output: 'dist/main.js' }));
  while (stack.length > 0) {
    const { source, output } = stack.pop()!;
    if (reached.has(source) || !meta.inputs[source]) continue;
    reached.set(source, meta.outputs[output]?.inputs[source]?.bytesInOutput ?? 0);
    for (const imported of meta.inputs[source].imports) {
      if (imported.kind === 'dynamic-import') continue;
      if (!imported.external) stack.push({ source: imported.path, output });
      const required = entryOf.get(imported.path);
      if (required) stack.push({ source: required.entry, output: required.file });
    }
  }
  return reached;
}

const bytesOf = (reached: Map<string, number>) => [...reached.values()].reduce((sum, bytes) => sum + bytes, 0);

describe('what a one-shot command can load', () => {
  const meta = metafile();
  const reached = (folder: string) => reach(meta, [...PROGRAM, `${folder}/definition.ts`, `${folder}/run.ts`]);

  for (const [name, { folder, budget }] of Object.entries(ONE_SHOT)) {
    it(`${name}: at most ${budget.toLocaleString('en')} bytes of source`, () => {
      const files = reached(folder);
      expect(files.has(`${folder}/run.ts`)).toBe(true);
      expect(bytesOf(files)).toBeLessThanOrEqual(budget);
    });
  }

  it("create -q: no other command's folder, and none of yaml, ajv, the prompts, MCP, eval, logs or the emulator", () => {
    const files = [...reached(ONE_SHOT.create.folder).keys()];
    const otherCommands = files.filter(
      (file) => /^src\/commands\/[^/]+\//.test(file) && !/^src\/commands\/resource\/(create\/|[^/]+\.ts$)/.test(file),
    );
    expect(otherCommands).toEqual([]);
    const forbidden =
      /node_modules\/(yaml|ajv|ajv-draft-04|@inquirer|@modelcontextprotocol|ora|conf)\/|^src\/(eval|logs|emulator|mcp|prompts|provision)\//;
    expect(files.filter((file) => forbidden.test(file))).toEqual([]);
  });

  it('sees what a command reaches through require() of dist/ and static imports (the check can fail)', () => {
    const files = reach(meta, [...PROGRAM, `${ONE_SHOT.create.folder}/run.ts`]);
    // undici's parts are required from the client (dist/vendor/undici-parts.cjs): their bytes count.
    const undici = [...files].filter(([file]) => file.startsWith('node_modules/undici/'));
    expect(undici.length).toBeGreaterThan(0);
    expect(undici.every(([, bytes]) => bytes > 0)).toBe(true);
    // The MCP server requires the SDK (dist/vendor/mcp.cjs): the SDK is in its reach.
    const mcp = reach(meta, ['src/mcp/server.ts']);
    expect([...mcp.keys()].some((file) => file.startsWith('node_modules/@modelcontextprotocol/'))).toBe(true);
  });
});
