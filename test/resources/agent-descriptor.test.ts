// The agent's descriptor is the one place its fields are spelled out: one more field in it (and
// nowhere else) gets a flag in --help, a question in the wizard, a line in the view, a place in
// the request, and a key the apply format accepts.
import { describe, expect, it, vi } from 'vitest';
import type { FieldSpec } from '../../src/resources/descriptor.js';
import { runCli } from '../helpers/run-cli.js';
import { ScriptedPrompter } from '../helpers/scripted-prompter.js';
import { sendJson, startTestServer } from '../helpers/test-server.js';

vi.mock('../../src/resources/agent.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/resources/agent.js')>();
  const extra: FieldSpec = {
    key: 'maxTurns',
    flag: 'max-turns',
    label: 'Most turns',
    type: 'text',
    description: 'how many turns a conversation may take',
  };
  return { ...original, AGENT: { ...original.AGENT, fields: [...original.AGENT.fields, extra] } };
});

const ID = '00000000-0000-4000-8000-0000000000aa';

describe('a field added to the agent descriptor', () => {
  it('appears as a flag, a question, a line of the view, a key sent and a key of the apply format', async () => {
    const server = await startTestServer((req, res, body) => {
      if (req.method === 'GET' && req.url?.startsWith('/api/v1/agents?'))
        return sendJson(res, 200, { success: true, data: [], total_pages: 1 });
      sendJson(res, 200, { success: true, data: { id: ID, ...JSON.parse(body || '{}') } });
    });
    try {
      const env = { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'tok_descriptor_123456', NO_COLOR: '1' };

      const help = await runCli(['create', '--help'], { env });
      expect(help.stdout).toMatch(/--max-turns <text>\s+how many turns a conversation may take/);

      const prompter = new ScriptedPrompter([
        { ask: /^Name/, answer: 'Asked' },
        { ask: /^Description/, answer: 'd' },
        { ask: /^LLM model/, answer: 'GPT_4' },
        { ask: /^Prompt/, answer: '' },
        { ask: /^Initial message/, answer: '' },
        { ask: /^Avatar/, answer: '' },
        { ask: /^Active/, answer: true },
        { ask: /^Most turns \(optional\)$/, answer: '7' },
        { ask: /^Create this agent/, answer: true },
      ]);
      const wizard = await runCli(['create'], { env, tty: true, prompter });
      expect(wizard.code, wizard.stderr).toBe(0);
      expect(prompter.remaining()).toBe(0);
      expect(wizard.stderr).toMatch(/^most turns\s+7$/m);

      const flagged = await runCli(
        ['create', '--name', 'F', '--description', 'd', '--llm-model', 'GPT_4', '--max-turns', '3'],
        { env },
      );
      expect(flagged.code, flagged.stderr).toBe(0);
      expect(JSON.parse(server.requests.filter((r) => r.method === 'POST').at(-1)!.body)).toEqual({
        name: 'F',
        description: 'd',
        llmModel: 'GPT_4',
        maxTurns: '3',
      });
      expect(flagged.stdout).toMatch(/^most turns\s+3$/m);

      const { desiredAgentSchema } = await import('../../src/provision/schema.js');
      expect(
        desiredAgentSchema.safeParse({ name: 'A', description: '', llmModel: 'GPT_4', maxTurns: '2' }).success,
      ).toBe(true);
      expect(
        desiredAgentSchema.safeParse({ name: 'A', description: '', llmModel: 'GPT_4', maxTurnz: '2' }).success,
      ).toBe(false);
    } finally {
      await server.close();
    }
  });
});
