// docs/architecture.md's "What a change costs", kept true by making each change: the five changes
// of test/cost/changes.ts are made to one copy of the source, the changed program is loaded
// in-process (with its own emulator) and run, and each change's files are counted against the
// table. A change that starts to need one more file, or stops working as the table says, fails.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { run as Run } from '../../src/cli.js';
import type { resolveSettings as ResolveSettings } from '../../src/config/settings.js';
import type { ConfigStore as Store } from '../../src/config/store.js';
import type { startEmulator as StartEmulator, RunningEmulator } from '../../src/emulator/server.js';
import { documentedCost, scratchCopy, type ScratchCopy } from '../helpers/scratch-change.js';
import { captureStream, stdinFrom } from '../helpers/streams.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { NEW_COMMAND, NEW_COMMAND_FLAG, NEW_FORMAT, NEW_KIND, NEW_SETTING } from './changes.js';

const CHANGES = {
  'a new command': NEW_COMMAND,
  'a new flag of a command': NEW_COMMAND_FLAG,
  'a new setting, with its global flag': NEW_SETTING,
  'a new output format': NEW_FORMAT,
  'a new resource kind': NEW_KIND,
};

let copy: ScratchCopy<keyof typeof CHANGES>;
let emulator: RunningEmulator;
let run: typeof Run;
let env: Record<string, string>;

beforeAll(async () => {
  copy = scratchCopy(CHANGES);
  const { startEmulator } = await copy.load<{ startEmulator: typeof StartEmulator }>('src/emulator/server.ts');
  ({ run } = await copy.load<{ run: typeof Run }>('src/cli.ts'));
  emulator = await startEmulator({ tokenDelayMs: 0, strict: true });
  env = { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token };
});
afterAll(async () => {
  await emulator?.close();
  copy?.remove();
});

/** The changed program, in-process. */
async function agents(argv: string[], variables: Record<string, string> = env) {
  const stdout = captureStream(false);
  const stderr = captureStream(false);
  const deps = { stdout, stderr, stdin: stdinFrom(), env: variables, sleep: async () => {}, random: () => 0.5 };
  const code = await run(argv, deps);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe("each change costs what docs/architecture.md's table says", () => {
  for (const change of Object.keys(CHANGES) as Array<keyof typeof CHANGES>)
    it(change, () => expect(copy.touched[change]).toHaveLength(documentedCost(change)));

  it('and touches the files the table names', () => {
    expect(copy.touched).toEqual({
      'a new command': ['src/commands/ping/definition.ts', 'src/commands/ping/run.ts', 'src/commands/registry.ts'],
      'a new flag of a command': ['src/commands/whoami/definition.ts', 'src/commands/whoami/run.ts'],
      'a new setting, with its global flag': ['src/config/setting-specs.ts'],
      'a new output format': ['src/definition/output-formats.ts'],
      'a new resource kind': ['src/resources/registry.ts', 'src/resources/vector-db.ts'],
    });
  });
});

describe('a new command', () => {
  it('runs, with help, completion, flag checks, --json, --jq and -q from its spec', async () => {
    expect(await agents(['ping'])).toEqual({ code: 0, stdout: 'pong (1)\n', stderr: '' });
    expect(JSON.parse((await agents(['ping', '--count', '2', '--json'])).stdout)).toEqual({ ok: true, requests: 2 });
    expect((await agents(['ping', '--jq', '.requests'])).stdout).toBe('1\n');
    expect((await agents(['ping', '-q'])).stdout).toBe('ok\n');
    const bounds = await agents(['ping', '--count', '9']);
    expect([bounds.code, bounds.stderr]).toEqual([2, expect.stringContaining('--count')]);
    expect((await agents(['--help'])).stdout).toMatch(/ping\s+Check that the service answers/);
    expect((await agents(['ping', '--help'])).stdout).toContain('agents ping --count 3 --json');
    expect((await agents(['completion', 'bash'])).stdout).toMatch(/\bping\b/);
    // The document keeps to its spec's schema, which docs/json is made from (`npm run docs:json`).
    const { spec } = await copy.load<{ spec: { output: { schema: () => unknown } } }>(
      'src/commands/ping/definition.ts',
    );
    const { safeParse } = await import('zod/mini');
    const schema = spec.output.schema() as Parameters<typeof safeParse>[0];
    expect(safeParse(schema, JSON.parse((await agents(['ping', '--json'])).stdout)).success).toBe(true);
    expect(safeParse(schema, { ok: 'yes' }).success).toBe(false);
  });
});

describe('a new flag of a command', () => {
  it('is read, checked, helped and completed from its entry', async () => {
    expect((await agents(['whoami', '--field', 'id'])).stdout).toMatch(/^7c0d5b1e-[0-9a-f-]+\n$/);
    const bad = await agents(['whoami', '--field', 'token']);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--field')]);
    expect((await agents(['whoami', '--help'])).stdout).toMatch(/--field <name>\s+print only this field/);
    expect((await agents(['completion', 'zsh'])).stdout).toContain('--field');
  });
});

describe('a new setting, with its global flag', () => {
  it('has its flag, variable, config key, profile field and help, read by one reader', async () => {
    const own = { AGENTS_CONFIG_DIR: tempConfigDir() }; // this test ends with a corrupt profile
    const { resolveSettings } = await copy.load<{ resolveSettings: typeof ResolveSettings }>('src/config/settings.ts');
    const { ConfigStore } = await copy.load<{ ConfigStore: typeof Store }>('src/config/store.ts');
    const store = new ConfigStore(own.AGENTS_CONFIG_DIR);
    const resolved = (line: object, variables: Record<string, string> = {}) =>
      resolveSettings(line, variables, store) as unknown as {
        retries: number;
        sources: Record<string, string>;
      };
    expect(resolved({})).toMatchObject({ retries: 2, sources: { retries: 'default' } });
    expect((await agents(['config', 'set', 'retries', '4'], own)).code).toBe(0);
    expect((await agents(['config', 'get', 'retries'], own)).stdout.trim()).toBe('4');
    expect(resolved({})).toMatchObject({ retries: 4, sources: { retries: 'profile' } });
    expect(resolved({}, { AGENTS_RETRIES: '5' })).toMatchObject({ retries: 5, sources: { retries: 'env' } });
    expect(resolved({ retries: 6 }, { AGENTS_RETRIES: '5' })).toMatchObject({
      retries: 6,
      sources: { retries: 'flag' },
    });
    // The row's one reader and its bounds, for the flag, the variable and config set alike.
    const flag = await agents(['status', '--retries', '11'], own);
    expect([flag.code, flag.stderr]).toEqual([2, expect.stringContaining('--retries')]);
    const variable = await agents(['status'], { ...own, AGENTS_RETRIES: '-1' });
    expect([variable.code, variable.stderr]).toEqual([2, expect.stringContaining('AGENTS_RETRIES')]);
    expect((await agents(['config', 'set', 'retries', '11'], own)).code).toBe(2);
    expect((await agents(['--help'], own)).stdout).toMatch(
      /--retries <n>\s+how many times a failed request is tried again/,
    );
    expect((await agents(['help', 'environment'], own)).stdout).toContain('AGENTS_RETRIES');
    // A profile's field of the wrong type is a corrupt file.
    await store.updateProfile('default', (profile) => ({ ...profile, retries: 'many' as unknown as number }));
    expect((await agents(['status'], own)).stderr).toContain('"retries" must be a number');
  });
});

describe('a new output format', () => {
  it("prints each command's document in it, and the failure, with no command changed", async () => {
    const tools = await agents(['tools', 'list', '--yaml']);
    expect(tools.code, tools.stderr).toBe(0);
    expect(parse(tools.stdout)).toEqual(JSON.parse((await agents(['tools', 'list', '--json'])).stdout));
    const made = await agents([
      'create',
      '--name',
      'Yaml bot',
      '--description',
      'd',
      '--llm-model',
      'GPT_4_0613',
      '--yaml',
    ]);
    expect(parse(made.stdout)).toMatchObject({ name: 'Yaml bot' });
    expect(parse((await agents(['--yaml', 'status'])).stdout)).toMatchObject({ profile: 'default' });
    expect((await agents(['--help'])).stdout).toContain('--yaml');
    const refused = await agents(['completion', 'bash', '--yaml']);
    expect([refused.code, refused.stderr]).toEqual([
      2,
      expect.stringContaining('--yaml: agents completion has no JSON document'),
    ]);
    const missing = await agents(['get', 'no such agent', '--yaml']);
    expect(missing.code).toBe(5);
    expect(missing.stdout).toMatch(/^error:\n {2}\{"kind":"not-found"/);
  });
});

describe('a new resource kind', () => {
  it('is created, listed, shown, updated, attached, applied and deleted through the emulator', async () => {
    const made = await agents(['vectordbs', 'create', '--name', 'memory', '--provider', 'QDRANT', '--json']);
    expect([made.code, made.stderr]).toEqual([0, '']);
    const id = (JSON.parse(made.stdout) as { id: string }).id;
    expect(JSON.parse((await agents(['vectordbs', 'list', '--json'])).stdout)).toEqual([
      expect.objectContaining({ id, name: 'memory', provider: 'QDRANT' }),
    ]);
    expect((await agents(['vectordbs', 'update', 'memory', '--provider', 'PINECONE'])).code).toBe(0);
    expect(JSON.parse((await agents(['vectordbs', 'get', 'memory', '--json'])).stdout)).toMatchObject({
      id,
      provider: 'PINECONE',
    });
    // The database's enum is the descriptor's: the emulator refuses another value.
    expect((await agents(['vectordbs', 'create', '--name', 'x', '--provider', 'ELSEWHERE'])).code).toBe(2);

    const agent = await agents([
      'create',
      '--name',
      'Librarian',
      '--description',
      'Finds',
      '--llm-model',
      'GPT_4_0613',
    ]);
    expect(agent.code, agent.stderr).toBe(0);
    expect((await agents(['add-vectordb', 'Librarian', 'memory'])).code).toBe(0);
    const linked = (name: string) => [expect.objectContaining({ vectordb: expect.objectContaining({ name }) })];
    expect(JSON.parse((await agents(['get', 'Librarian', '--json'])).stdout)).toMatchObject({
      vectordbs: linked('memory'),
    });
    expect((await agents(['remove-vectordb', 'Librarian', 'memory'])).code).toBe(0);

    const stack = join(env.AGENTS_CONFIG_DIR!, '..', 'stack.yaml');
    writeFileSync(
      stack,
      'vectordbs:\n  - name: archive\n    provider: WEAVIATE\nagents:\n  - name: Archivist\n    description: Keeps\n    llmModel: GPT_4_0613\n    vectordbs: [archive]\n',
    );
    const applied = await agents(['apply', '-f', stack]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse((await agents(['get', 'Archivist', '--json'])).stdout)).toMatchObject({
      vectordbs: linked('archive'),
    });

    expect((await agents(['vectordbs', 'delete', 'memory', '--yes'])).code).toBe(0);
    expect((await agents(['vectordbs', 'get', id])).code).toBe(5);
  });
});
