// Every command's --json output validates against its schema in
// docs/json/ (one shape whatever the count, arrays always present), and -q prints only what a
// script needs. Run against the emulator, which answers as the real service does.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/emulator/seed.js';
import { createAgent } from '../helpers/emulator-agent.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';

const SCHEMA_DIR = fileURLToPath(new URL('../../docs/json/', import.meta.url));
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
for (const file of readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.schema.json')))
  ajv.addSchema(JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8')));
const schemaFor = (name: string) => ajv.getSchema(`https://agents-cli.dev/json/${name}.schema.json`)!;

const running = useEmulatorEnv();

const agents = (...argv: string[]) => runCli(argv, { env: running.env, configDir: running.env.AGENTS_CONFIG_DIR });

function expectValid(name: string, stdout: string): unknown {
  const value = JSON.parse(stdout) as unknown;
  const validate = schemaFor(name);
  expect({ name, errors: validate(value) ? null : validate.errors }).toEqual({ name, errors: null });
  return value;
}

describe('--json output matches docs/json/', () => {
  it("every command, through an agent's whole life", async () => {
    const created = await agents('create', '--json', '--name', 'Shapes', '--description', 'd', '--llm-model', 'GPT_4');
    const agent = expectValid('agent', created.stdout) as { id: string; metadata?: unknown };
    expect(agent.metadata).not.toBe('null'); // the real create sends JSON text; it is read as a value
    expectValid('agent', (await agents('update', agent.id, '--prompt', 'p', '--json')).stdout);
    expectValid('agent', (await agents('get', agent.id, '--json')).stdout);
    expectValid('list', (await agents('list', '--json')).stdout);
    const one = expectValid('attach', (await agents('add-tool', agent.id, SEED.tools[0].id, '--json')).stdout);
    expect(one).toHaveLength(1); // an array for one id as for several
    expectValid(
      'attach',
      (await agents('add-datasource', agent.id, SEED.datasources[0].id, SEED.datasources[1].id, '--json')).stdout,
    );
    const answer = expectValid('invoke', (await agents('invoke', agent.id, 'hi', '--json')).stdout) as {
      toolCalls: unknown[];
    };
    expect(Array.isArray(answer.toolCalls)).toBe(true);

    const dir = mkdtempSync(join(tmpdir(), 'agents-shapes-'));
    const file = join(dir, 'agents.json');
    writeFileSync(file, (await agents('export', agent.id, '--json')).stdout);
    expectValid('export', readFileSync(file, 'utf8'));
    const stack = expectValid('export', (await agents('export', '--all', '--json')).stdout) as {
      tools: unknown[];
      llms: Array<Record<string, unknown>>;
    };
    expect(stack.tools.length).toBeGreaterThan(0);
    expect(stack.llms.every((llm) => !('apiKey' in llm))).toBe(true);
    expectValid('diff', (await agents('diff', '-f', file, '--json')).stdout);
    expectValid('apply', (await agents('apply', '-f', file, '--json')).stdout);
    expectValid('status', (await agents('status', '--json')).stdout);
    expectValid('delete', (await agents('delete', agent.id, '--yes', '--json')).stdout);
  });

  it('failures keep the shape: an add-* error entry, an invoke error document', async () => {
    const id = await createAgent(running.env, 'S2');
    const attach = await agents('add-tool', id, 'not-a-tool', '--json');
    expect(attach.code).toBe(5);
    expectValid('attach', attach.stdout);
    const failed = await agents('invoke', id, 'break [[error]]', '--json');
    expect(failed.code).toBe(1);
    expect(expectValid('invoke', failed.stdout)).toHaveProperty('error.kind', 'stream');
  });
});

describe('-q prints only what a script needs', () => {
  it('list -q ids, get -q the id, add-* -q and update -q nothing', async () => {
    const id = (
      await agents('create', '-q', '--name', 'Quiet', '--description', 'd', '--llm-model', 'GPT_4')
    ).stdout.trim();
    expect((await agents('list', '-q')).stdout.split('\n')).toContain(id);
    expect((await agents('list', '-q')).stdout).toMatch(/^([0-9a-f-]{36}\n)+$/);
    expect(await agents('get', id, '-q')).toMatchObject({ code: 0, stdout: `${id}\n` });
    expect(await agents('add-tool', id, SEED.tools[0].id, '-q')).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(await agents('update', id, '--prompt', 'x', '-q')).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('apply -q and diff -q say it with the exit code alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-quiet-'));
    const file = join(dir, 'a.yaml');
    writeFileSync(file, 'agents:\n  - name: Quiet apply\n    description: d\n    llmModel: GPT_4\n');
    expect(await agents('diff', '-f', file, '-q')).toMatchObject({ code: 1, stdout: '' });
    expect(await agents('apply', '-f', file, '-q')).toMatchObject({ code: 0, stdout: '' });
    expect(await agents('diff', '-f', file, '-q')).toMatchObject({ code: 0, stdout: '' });
  });
});
