// Where legacy-service.md says UNCONFIRMED, or is silent, the CLI must read either form a
// server may send. Each field gets both, through the whole CLI against a loopback server.
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';

const TOKEN = 'tok_both_forms_0123456789';
const ID = '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose every answer is `data` in the real envelope (lists get total_pages). */
async function agents(data: unknown, argv: string[]) {
  server = await startTestServer((q, s) =>
    q.method === 'GET' && q.url?.startsWith('/api/v1/agents?')
      ? sendJson(s, 200, { success: true, data: Array.isArray(data) ? data : [data], total_pages: 1 })
      : sendJson(s, 200, { success: true, data }),
  );
  return runCli(argv, { env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: TOKEN } });
}

const base = {
  id: ID,
  type: 'SUPERAGENT',
  name: 'Forms',
  description: 'd',
  isActive: true,
  llmModel: 'GPT_4',
  prompt: null,
  apiUserId: 'u',
  apiUser: null,
  workflowSteps: null,
  outputSchema: null,
};
const llmRecord = (options: unknown) => ({
  id: 'l1',
  provider: 'OPENAI',
  apiKey: 'sk-live-secret-key',
  options,
  agents: null,
  createdAt: 'x',
  updatedAt: 'x',
  apiUserId: 'u',
  apiUser: null,
});
const toolRecord = (toolConfig: unknown) => ({
  id: 't1',
  name: 'weather',
  description: 'd',
  type: 'FUNCTION',
  returnDirect: false,
  metadata: '',
  toolConfig,
});

describe('agent metadata: JSON text (create, [UNCONFIRMED] §1.1) or a value (get, list, patch)', () => {
  it.each([
    ['JSON text', '{"team": "docs"}', { team: 'docs' }],
    ['a value', { team: 'docs' }, { team: 'docs' }],
    ['the text "null"', 'null', null],
    ['plain text that is not JSON', 'hello', 'hello'],
  ])('%s reads as the value', async (_form, metadata, expected) => {
    for (const argv of [
      ['get', ID, '--json'],
      ['create', '--name', 'Forms', '--description', 'd', '--llm-model', 'GPT_4', '--json'],
    ]) {
      const result = await agents({ ...base, metadata }, argv);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).metadata).toEqual(expected);
      await server?.close();
    }
  });
});

describe('Json columns: llm.options and tool.toolConfig as a value (§12.3) or as JSON text (the handler, §1.1)', () => {
  it.each([
    ['values', { temperature: 0.2 }, { retries: 1 }],
    ['JSON text', '{"temperature": 0.2}', '{"retries": 1}'],
    ['null', null, null],
  ])('get reads an agent whose nested records carry %s, and redacts the key', async (_form, options, toolConfig) => {
    const agent = {
      ...base,
      metadata: null,
      llms: [{ agentId: ID, llmId: 'l1', createdAt: 'x', updatedAt: 'x', agent: null, llm: llmRecord(options) }],
      tools: [{ agentId: ID, toolId: 't1', createdAt: 'x', updatedAt: 'x', agent: null, tool: toolRecord(toolConfig) }],
      datasources: [],
    };
    const human = await agents(agent, ['get', ID]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('t1  weather');
    await server?.close();
    const json = await agents(agent, ['get', ID, '--json']);
    expect(JSON.parse(json.stdout).llms[0].llm).toMatchObject({ apiKey: '[redacted]', options });
    expect(json.stdout).not.toContain('sk-live-secret-key');
  });
});

describe('timestamps: microseconds and +00:00 ([UNCONFIRMED] §1), or milliseconds and Z', () => {
  it.each(['2024-05-14T08:47:57.123000+00:00', '2024-05-14T08:47:57.123Z', '2024-05-14T08:47:57'])(
    '%s passes through get --json untouched',
    async (stamp) => {
      const result = await agents(
        { ...base, metadata: null, createdAt: stamp, updatedAt: stamp, llms: [], tools: [], datasources: [] },
        ['get', ID, '--json'],
      );
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ createdAt: stamp, updatedAt: stamp });
    },
  );
});

describe('relations: loaded arrays (get), link rows without their record (list), or null (patch, delete, list)', () => {
  it.each([
    ['null', null, null],
    ['empty arrays', [], []],
    [
      'link rows with no record',
      [{ agentId: ID, toolId: 't1', tool: null }],
      [{ agentId: ID, llmId: 'l1', llm: null }],
    ],
  ])('get, list and export read %s', async (_form, tools, llms) => {
    const agent = { ...base, metadata: null, tools, datasources: tools === null ? null : [], llms };
    for (const argv of [['get', ID], ['list'], ['list', '--json'], ['export', ID]]) {
      const result = await agents(agent, argv);
      expect({ argv, code: result.code, stderr: result.stderr }).toEqual({ argv, code: 0, stderr: '' });
      await server?.close();
    }
  });
});

describe('delete: the deleted row (since Feb 2024, §6) or data:null (older builds)', () => {
  it.each([
    ['the row', { ...base, metadata: null, llms: null, tools: null, datasources: null }],
    ['null', null],
  ])('delete --json reads %s as one shape', async (_form, data) => {
    // The agent is read first (to name it, and because some deletes answer 200 for nothing); the
    // DELETE's answer is the row or null, and the document is the same either way.
    server = await startTestServer((q, s) =>
      sendJson(s, 200, { success: true, data: q.method === 'DELETE' ? data : { ...base, metadata: null } }),
    );
    const result = await runCli(['delete', ID, '--yes', '--json'], {
      env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: TOKEN },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: ID, deleted: true });
    expect(server.requests.map((request) => request.method)).toEqual(['GET', 'DELETE']);
  });
});
