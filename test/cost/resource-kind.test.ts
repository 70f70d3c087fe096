// What a new resource kind costs (docs/architecture.md): a descriptor and its line in the registry.
// The change is made to a copy of the source; the copy's emulator serves the kind and the copy's
// CLI creates, lists, shows, updates, attaches, applies and deletes one, with nothing else written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { run as Run } from '../../src/cli.js';
import type { startEmulator as StartEmulator, RunningEmulator } from '../../src/emulator/server.js';
import type { loadZod as LoadZod } from '../../src/util/zod.js';
import { documentedCost, scratchCopy, type ScratchCopy } from '../helpers/scratch-change.js';
import { captureStream, stdinFrom } from '../helpers/streams.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DESCRIPTOR = `// A kind made by test/cost/resource-kind.test.ts.
import type { AttachableDescriptor } from './descriptor.js';

export const VECTOR_DB = {
  kind: 'vectordb',
  noun: 'vector database',
  plural: 'vectordbs',
  command: 'agents vectordbs',
  segment: 'vector-dbs',
  nameKey: 'name',
  paged: true,
  deletable: true,
  patchResends: [],
  patchRefuses: [],
  columns: ['name', 'provider'],
  shownToo: [],
  fields: [
    { key: 'name', flag: 'name', label: 'Name', type: 'text', required: true, description: 'name of the database' },
    {
      key: 'provider',
      flag: 'provider',
      label: 'Provider',
      type: 'enum',
      choices: ['PINECONE', 'QDRANT', 'WEAVIATE'],
      required: true,
      description: 'who hosts it',
    },
    { key: 'options', flag: 'options', label: 'Options', type: 'json-object', description: 'its settings, as JSON' },
  ],
  examples: {
    seeded: 'memory',
    create: ['agents vectordbs create --name memory --provider QDRANT'],
    update: 'agents vectordbs update memory --provider PINECONE',
  },
  attach: { listedPerAgent: true, duplicateDetail: 'Agent vector database already exists' },
} as const satisfies AttachableDescriptor;
`;

let copy: ScratchCopy;
let emulator: RunningEmulator;
let run: typeof Run;
let env: Record<string, string>;

beforeAll(async () => {
  copy = scratchCopy({
    create: { 'src/resources/vector-db.ts': DESCRIPTOR },
    edits: [
      {
        file: 'src/resources/registry.ts',
        find: `export const ATTACHABLE = [TOOL, DATASOURCE, LLM] as const;`,
        replace: `import { VECTOR_DB } from './vector-db.js';\nexport const ATTACHABLE = [TOOL, DATASOURCE, LLM, VECTOR_DB] as const;`,
      },
    ],
  });
  const { startEmulator } = await copy.load<{ startEmulator: typeof StartEmulator }>('src/emulator/server.ts');
  await (await copy.load<{ loadZod: typeof LoadZod }>('src/util/zod.ts')).loadZod();
  ({ run } = await copy.load<{ run: typeof Run }>('src/cli.ts'));
  emulator = await startEmulator({ tokenDelayMs: 0, strict: true });
  env = { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token };
});
afterAll(async () => {
  await emulator?.close();
  copy?.remove();
});

async function agents(...argv: string[]) {
  const stdout = captureStream(false);
  const stderr = captureStream(false);
  const code = await run(argv, { stdout, stderr, stdin: stdinFrom(), env, sleep: async () => {}, random: () => 0.5 });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe('a new resource kind', () => {
  it('is one descriptor and one line of the registry, as docs/architecture.md says', () => {
    expect(copy.touched).toEqual(['src/resources/registry.ts', 'src/resources/vector-db.ts']);
    expect(copy.touched).toHaveLength(documentedCost('a new resource kind'));
  });

  it('is created, listed, shown, updated, attached, applied and deleted through the emulator', async () => {
    const made = await agents('vectordbs', 'create', '--name', 'memory', '--provider', 'QDRANT', '--json');
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const id = (JSON.parse(made.stdout) as { id: string }).id;
    expect(JSON.parse((await agents('vectordbs', 'list', '--json')).stdout)).toEqual([
      expect.objectContaining({ id, name: 'memory', provider: 'QDRANT' }),
    ]);
    expect((await agents('vectordbs', 'update', 'memory', '--provider', 'PINECONE')).code).toBe(0);
    expect(JSON.parse((await agents('vectordbs', 'get', 'memory', '--json')).stdout)).toMatchObject({
      id,
      provider: 'PINECONE',
    });
    // The database's enum is the descriptor's: the emulator refuses another value.
    const refused = await agents('vectordbs', 'create', '--name', 'x', '--provider', 'ELSEWHERE');
    expect(refused.code).toBe(2);

    const agent = await agents('create', '--name', 'Librarian', '--description', 'Finds', '--llm-model', 'GPT_4_0613', '-q');
    expect(agent.code, agent.stderr).toBe(0);
    expect((await agents('add-vectordb', 'Librarian', 'memory')).code).toBe(0);
    expect(JSON.parse((await agents('get', 'Librarian', '--json')).stdout)).toMatchObject({
      vectordbs: [expect.objectContaining({ vectordb: expect.objectContaining({ name: 'memory' }) })],
    });
    expect((await agents('remove-vectordb', 'Librarian', 'memory')).code).toBe(0);

    const stack = join(env.AGENTS_CONFIG_DIR!, '..', 'stack.yaml');
    writeFileSync(
      stack,
      'vectordbs:\n  - name: archive\n    provider: WEAVIATE\nagents:\n  - name: Archivist\n    description: Keeps\n    llmModel: GPT_4_0613\n    vectordbs: [archive]\n',
    );
    const applied = await agents('apply', '-f', stack);
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse((await agents('get', 'Archivist', '--json')).stdout)).toMatchObject({
      vectordbs: [expect.objectContaining({ vectordb: expect.objectContaining({ name: 'archive' }) })],
    });

    expect((await agents('vectordbs', 'delete', 'memory', '--yes')).code).toBe(0);
    const gone = await agents('vectordbs', 'get', id);
    expect(gone.code).toBe(5);
  });
});
