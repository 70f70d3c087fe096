// agents destroy: the plan first, --yes off a terminal, the copy of a --suffix, a record an agent
// outside the stack uses kept and named, LLMs never deleted, and a second run with nothing to do.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulatorPerTest } from '../../../test/helpers/emulator-env.js';
import { runCli } from '../../../test/helpers/run-cli.js';
import { ScriptedPrompter } from '../../../test/helpers/scripted-prompter.js';
import { sendJson, startTestServer } from '../../../test/helpers/test-server.js';

const STACK = `tools:
  - name: lookup
    type: FUNCTION
datasources:
  - name: faq
    type: TXT
    content: Questions and answers
llms:
  - provider: OPENAI
    apiKeyEnv: AGENTS_KEY_OPENAI
agents:
  - name: Support bot
    description: Answers support questions
    llmModel: GPT_4
    tools: [lookup, weather]
    datasources: [faq]
`;

for (const strict of [false, true]) {
  describe(`destroy${strict ? ' (--strict)' : ''}`, () => {
    const running = useEmulatorPerTest(strict);
    const stack = () => {
      const path = join(mkdtempSync(join(tmpdir(), 'agents-destroy-')), 'stack.yaml');
      writeFileSync(path, STACK);
      return path;
    };
    const agents = (argv: string[], options: { prompter?: ScriptedPrompter } = {}) =>
      runCli(argv, {
        env: { ...running.env, AGENTS_KEY_OPENAI: 'sk-test-0123456789abcdef' },
        tty: options.prompter !== undefined,
        prompter: options.prompter,
      });
    const names = async (what: string[]) =>
      (JSON.parse((await agents([...what, 'list', '--all', '--json'])).stdout) as Array<{ name: string }>).map(
        (record) => record.name,
      );
    const deletes = () => running.emulator.requests.filter((request) => request.method === 'DELETE');

    it('shows its plan, needs --yes off a terminal, deletes the copy, and then has nothing to do', async () => {
      const file = stack();
      expect((await agents(['apply', '-f', file, '--suffix', '-pr-7', '-q'])).code).toBe(0);
      expect((await agents(['apply', '-f', file, '-q'])).code).toBe(0); // main's copy, never touched below

      const refused = await agents(['destroy', '-f', file, '--suffix', '-pr-7']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--yes');
      expect(refused.stdout).toMatch(/Plan: 3 to delete, 1 kept, 0 not found\n- agent {7}Support bot-pr-7\n/);
      expect(refused.stdout).toContain('LLM         OPENAI  kept: the service cannot delete LLMs');
      const dry = await agents(['destroy', '-f', file, '--suffix', '-pr-7', '--dry-run']);
      expect(dry.code).toBe(0);
      expect(deletes()).toEqual([]);

      const done = await agents(['destroy', '-f', file, '--suffix', '-pr-7', '--yes']);
      expect([done.code, done.stderr]).toEqual([0, '✓ Deleted 3 records.\n']);
      expect(deletes()).toHaveLength(3);
      expect(await names([])).toEqual(['Support bot']);
      expect((await names(['tools'])).sort()).toEqual(['browser', 'code-interpreter', 'lookup', 'weather']);
      expect(await names(['datasources'])).toContain('faq');
      expect(await names(['datasources'])).not.toContain('faq-pr-7');

      const again = await agents(['destroy', '-f', file, '--suffix', '-pr-7', '--yes']);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain('Nothing to destroy.');
      expect(deletes()).toHaveLength(3);
    });

    it('keeps a tool an agent outside the stack uses, and names that agent', async () => {
      const file = stack();
      expect((await agents(['apply', '-f', file, '--suffix', '-a', '-q'])).code).toBe(0);
      const other = ['create', '--name', 'Other bot', '--description', 'd', '--llm-model', 'GPT_4', '-q'];
      expect((await agents(other)).code).toBe(0);
      expect((await agents(['add-tool', 'Other bot', 'lookup-a'])).code).toBe(0);
      const result = await agents(['destroy', '-f', file, '--suffix', '-a', '--yes', '--json']);
      expect(result.code, result.stderr).toBe(0);
      const document = JSON.parse(result.stdout) as {
        plan: Array<{ kind: string; name: string; action: string; linkedBy?: string[] }>;
        results: Array<{ name: string; deleted: boolean }>;
      };
      expect(document.plan).toEqual([
        expect.objectContaining({ kind: 'agent', name: 'Support bot-a', action: 'delete' }),
        expect.objectContaining({ kind: 'tool', name: 'lookup-a', action: 'kept', linkedBy: ['Other bot'] }),
        expect.objectContaining({ kind: 'datasource', name: 'faq-a', action: 'delete' }),
        expect.objectContaining({ kind: 'llm', name: 'OPENAI', action: 'never' }),
      ]);
      expect(document.results.map((r) => [r.name, r.deleted])).toEqual([
        ['Support bot-a', true],
        ['faq-a', true],
      ]);
      expect(await names(['tools'])).toContain('lookup-a');
    });

    it('asks on a terminal, and writes the job summary', async () => {
      const file = stack();
      expect((await agents(['apply', '-f', file, '--suffix', '-b', '-q'])).code).toBe(0);
      const summary = join(mkdtempSync(join(tmpdir(), 'agents-summary-')), 'summary.md');
      const declined = new ScriptedPrompter([{ ask: /^Delete 3 records\?/, answer: false }]);
      const kept = await agents(['destroy', '-f', file, '--suffix', '-b'], { prompter: declined });
      expect([kept.code, kept.stderr]).toEqual([1, expect.stringContaining('nothing deleted: kept 3 records')]);
      expect(deletes()).toEqual([]);
      const confirmed = new ScriptedPrompter([{ ask: /^Delete 3 records\?/, answer: true }]);
      const done = await agents(['destroy', '-f', file, '--suffix', '-b', '--summary', summary], {
        prompter: confirmed,
      });
      expect(done.code).toBe(0);
      const markdown = readFileSync(summary, 'utf8');
      expect(markdown).toMatch(
        /^### ✅ agents destroy: .*stack\.yaml\n\n\*\*Plan: 3 to delete, 1 kept, 0 not found\*\*/,
      );
      expect(markdown).toContain('| - delete | agent | Support bot-b |');
    });
  });
}

describe('destroy beside another destroy', () => {
  it('takes an agent deleted between the list and its read (another copy going at once) as linking nothing', async () => {
    const id = (c: string) => `${c.repeat(8)}-0000-4000-8000-000000000001`;
    const [mine, theirs, tool] = [id('a'), id('b'), id('c')] as const;
    const agent = (id: string, name: string) => ({ id, name, description: 'd', llmModel: 'GPT_4', isActive: true });
    const service = await startTestServer((request, response) => {
      const path = request.url!.split('?')[0]!;
      const first = !request.url!.includes('skip=') || request.url!.includes('skip=0');
      if (path === '/api/v1/agents')
        return sendJson(response, 200, {
          success: true,
          data: first ? [agent(mine, 'Support bot'), agent(theirs, 'Support bot-pr-9')] : [],
        });
      if (path === '/api/v1/tools')
        return sendJson(response, 200, {
          success: true,
          data: first ? [{ id: tool, name: 'lookup', type: 'FUNCTION' }] : [],
        });
      if (path === `/api/v1/agents/${theirs}`) return sendJson(response, 404, { detail: 'Agent not found' });
      sendJson(response, 500, { detail: `unexpected ${request.method} ${request.url}` });
    });
    try {
      const file = join(mkdtempSync(join(tmpdir(), 'agents-destroy-')), 'stack.yaml');
      writeFileSync(
        file,
        'tools:\n  - name: lookup\n    type: FUNCTION\nagents:\n  - name: Support bot\n    description: d\n    llmModel: GPT_4\n',
      );
      const result = await runCli(['destroy', '-f', file, '--dry-run', '--json'], {
        env: { AGENTS_BASE_URL: service.url, AGENTS_TOKEN: 'tok_destroy_0123456789' },
      });
      expect(result.code, result.stderr).toBe(0);
      expect((JSON.parse(result.stdout) as { plan: unknown[] }).plan).toEqual([
        expect.objectContaining({ kind: 'agent', name: 'Support bot', action: 'delete', id: mine }),
        expect.objectContaining({ kind: 'tool', name: 'lookup', action: 'delete', id: tool }),
      ]);
      expect(service.requests.map((r) => r.url)).toContain(`/api/v1/agents/${theirs}`);
    } finally {
      await service.close();
    }
  });
});
