// One rule for every JSON or YAML document the CLI reads: a key given twice is exit 2 with the
// source, its line and column, whichever command reads it and whether it is JSON or YAML. Before
// the rule, `create --file` and JSON flag values kept the last of the two, sending what the user
// may not have meant; `apply` and `eval` refused it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';

const running = useEmulatorEnv();
const agents = (...argv: string[]) => runCli(argv, { env: running.env, configDir: running.env.AGENTS_CONFIG_DIR });
const dir = mkdtempSync(join(tmpdir(), 'agents-documents-'));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const DUPLICATE = /Map keys must be unique/;

describe('a key given twice', () => {
  const createJson = file(
    'agent.json',
    '{\n  "name": "One",\n  "description": "d",\n  "name": "Two",\n  "llmModel": "GPT_4"\n}\n',
  );
  const createYaml = file('agent.yaml', 'name: One\ndescription: d\nname: Two\nllmModel: GPT_4\n');
  const stackJson = file(
    'stack.json',
    '{"agents": [\n  {"name": "A", "description": "d", "llmModel": "GPT_4",\n   "description": "e"}\n]}\n',
  );
  const evalJson = file(
    'evals.json',
    '{"cases": [\n  {"name": "c", "agent": "x", "input": "hi",\n   "input": "bye", "assert": [{"contains": "hi"}]}\n]}\n',
  );
  const schema = file('schema.json', '{\n  "type": "object",\n  "type": "array"\n}\n');

  it.each([
    ['create --file, JSON', ['create', '-f', createJson], `${createJson}:4:3`],
    ['create --file, YAML', ['create', '-f', createYaml], `${createYaml}:3:1`],
    [
      'tools create --metadata',
      ['tools', 'create', '--name', 't', '--description', 'd', '--type', 'BROWSER', '--metadata', '{"a": 1, "a": 2}'],
      '--metadata:1:10',
    ],
    ['apply --file, JSON', ['apply', '-f', stackJson], `${stackJson}:3:4`],
    ['diff --file, JSON', ['diff', '-f', stackJson], `${stackJson}:3:4`],
    ['eval --file, JSON', ['eval', '-f', evalJson], `${evalJson}:3:4`],
  ])('%s: exit 2, naming where, and nothing sent', async (_name, argv, where) => {
    const before = running.emulator.requests.length;
    const result = await agents(...argv);
    expect(result.stderr).toMatch(DUPLICATE);
    expect(result.stderr).toContain(where);
    expect(result.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(3);
    expect(result.code).toBe(2);
    expect(running.emulator.requests.length).toBe(before);
  });

  it('invoke --output-schema @file: exit 2 before the agent is asked', async () => {
    const created = await agents('create', '-q', '--name', 'Schema', '--description', 'd', '--llm-model', 'GPT_4');
    const result = await agents('invoke', created.stdout.trim(), 'hi', '--output-schema', `@${schema}`);
    expect(result.stderr).toMatch(DUPLICATE);
    expect(result.stderr).toContain(`${schema}:3:3`);
    expect(result.code).toBe(2);
  });

  it('the same documents without the second key are read as before (the check can pass)', async () => {
    const once = file('once.json', '{"name": "Once", "description": "d", "llmModel": "GPT_4"}');
    const agent = await agents('create', '-q', '-f', once);
    expect([agent.stderr, agent.code]).toEqual(['', 0]);
    const tool = await agents(
      'tools',
      'create',
      '-q',
      '--name',
      't',
      '--description',
      'd',
      '--type',
      'BROWSER',
      '--metadata',
      '{"a": 1}',
    );
    expect([tool.stderr, tool.code]).toEqual(['', 0]);
  });
});
