// --suffix (AGENTS_SUFFIX): an isolated copy of a stack. Every name the stack declares gets the
// suffix and its references follow; names it does not declare (the seeded weather tool) and LLMs
// stay; ids are dropped (they name main's records); diff, export and eval see the same copy.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulatorPerTest } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';

const STACK = `tools:
  - name: lookup
    type: FUNCTION
datasources:
  - name: faq
    type: TXT
    content: Questions and answers
agents:
  - name: Support bot
    description: Answers support questions
    llmModel: GPT_4
    tools: [lookup, weather]
    datasources: [faq]
`;

const EVALS = `cases:
  - name: greets back
    agent: Support bot
    input: hello
    assert:
      - contains: hello
`;

const running = useEmulatorPerTest(false);
const write = (name: string, text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'agents-suffix-')), name);
  writeFileSync(path, text);
  return path;
};
const agents = (argv: string[], env: Record<string, string> = {}, stdin?: string) =>
  runCli(argv, { env: { ...running.env, ...env }, stdin });
const getJson = async (argv: string[]) =>
  JSON.parse((await agents([...argv, '--json'])).stdout) as Record<string, unknown>;
const linkedNames = (agent: Record<string, unknown>, key: string, kind: string) =>
  (agent[key] as Array<Record<string, Record<string, string>>>).map((row) => row[kind]!.name).sort();

describe('--suffix', () => {
  it('gives the declared names the suffix; references follow, a seeded tool stays', async () => {
    const stack = write('stack.yaml', STACK);
    const applied = await agents(['apply', '-f', stack, '--suffix', '-pr-7']);
    expect(applied.code, applied.stderr).toBe(0);
    const agent = await getJson(['get', 'Support bot-pr-7']);
    expect(linkedNames(agent, 'tools', 'tool')).toEqual(['lookup-pr-7', 'weather']);
    expect(linkedNames(agent, 'datasources', 'datasource')).toEqual(['faq-pr-7']);
    // diff of the copy: nothing to change; diff of main (no suffix): all of it to create.
    expect((await agents(['diff', '-f', stack, '--suffix', '-pr-7'])).code).toBe(0);
    expect((await agents(['diff', '-f', stack, '-q'])).code).toBe(1);
    // The variable is the flag.
    expect((await agents(['diff', '-f', stack, '-q'], { AGENTS_SUFFIX: '-pr-7' })).code).toBe(0);
  });

  it("drops the file's ids, so a copy never touches main's record", async () => {
    const stack = write('stack.yaml', STACK);
    expect((await agents(['apply', '-f', stack, '-q'])).code).toBe(0);
    const main = await getJson(['get', 'Support bot']);
    const withId = write(
      'stack.yaml',
      STACK.replace('  - name: Support bot\n', `  - id: ${String(main.id)}\n    name: Support bot\n`),
    );
    expect((await agents(['apply', '-f', withId, '--suffix', '-b', '-q'])).code).toBe(0);
    expect((await getJson(['get', String(main.id)])).name).toBe('Support bot');
    expect((await getJson(['get', 'Support bot-b'])).id).not.toBe(main.id);
  });

  it('export writes the copy as the stack that made it: export | apply changes nothing', async () => {
    const stack = write('stack.yaml', STACK);
    expect((await agents(['apply', '-f', stack, '-q'])).code).toBe(0);
    expect((await agents(['apply', '-f', stack, '--suffix', '-pr-9', '-q'])).code).toBe(0);
    const exported = await agents(['export', '--all', '--suffix', '-pr-9', '--json']);
    const document = JSON.parse(exported.stdout) as {
      agents: Array<Record<string, unknown>>;
      tools: Array<{ name: string }>;
    };
    expect(document.agents.map((agent) => [agent.name, agent.tools])).toEqual([['Support bot', ['lookup', 'weather']]]);
    expect(document.tools.map((tool) => tool.name)).toEqual(['lookup']);
    const named = await agents(['export', 'Support bot', '--suffix', '-pr-9', '--json']);
    expect((JSON.parse(named.stdout) as { agents: Array<{ name: string }> }).agents[0]!.name).toBe('Support bot');
    const again = await agents(['diff', '-f', '-', '--suffix', '-pr-9'], {}, exported.stdout);
    expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('0 to create, 0 to update')]);
  });

  it("eval runs a case that names Support bot against the copy's Support bot-pr-7", async () => {
    expect((await agents(['apply', '-f', write('stack.yaml', STACK), '--suffix', '-pr-7', '-q'])).code).toBe(0);
    const copy = await getJson(['get', 'Support bot-pr-7']);
    const result = await agents(['eval', '-f', write('evals.yaml', EVALS), '--suffix', '-pr-7', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { agents: unknown }).agents).toEqual([
      { reference: 'Support bot', id: copy.id },
    ]);
    const invoked = running.emulator.requests.filter((request) => request.path.endsWith('/invoke'));
    expect(invoked.map((request) => request.path)).toEqual([`/api/v1/agents/${String(copy.id)}/invoke`]);
    // Without the copy, the case names an agent that does not exist.
    expect((await agents(['eval', '-f', write('evals.yaml', EVALS), '--suffix', '-pr-8', '-q'])).code).toBe(5);
  });

  it('is refused with exit 2 when it is not a plain suffix', async () => {
    const result = await agents(['apply', '-f', write('stack.yaml', STACK), '--suffix', 'pr 7']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--suffix must be 1 to 40 letters, digits or - _ . :');
  });
});
