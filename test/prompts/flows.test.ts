// Each prompt flow with a scripted prompter: which questions are asked, which are skipped,
// and what is sent. The flows run in-process against a real loopback server.
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { ScriptedPrompter } from '../helpers/scripted-prompter.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';

const AGENT_1 = '00000000-0000-4000-8000-7e6b8dca87dd'; // was 'agent-1': the service's ids are UUIDs
const AGENT_X = '00000000-0000-4000-8000-213617d4846b'; // was 'x': the service's ids are UUIDs

const AGENT = {
  id: AGENT_1,
  name: 'Current',
  description: 'current description',
  llmModel: 'GPT_4',
  prompt: 'Old prompt',
  isActive: false,
};
const TOOLS = [
  { id: 'tool-1', name: 'browser' },
  { id: 'tool-2', name: 'weather' },
];

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer((req, res, body) => {
    const path = req.url ?? '';
    if (req.method === 'GET' && path.startsWith('/api/v1/agents?'))
      return sendJson(res, 200, { success: true, data: [AGENT], total_pages: 1 });
    if (req.method === 'GET' && path.startsWith('/api/v1/tools'))
      return sendJson(res, 200, { success: true, data: TOOLS });
    if (req.method === 'GET') return sendJson(res, 200, { success: true, data: AGENT });
    if (path.endsWith('/tools')) return sendJson(res, 200, { success: true, data: null });
    sendJson(res, 200, { success: true, data: { ...AGENT, ...JSON.parse(body || '{}') } });
  });
});
afterEach(() => server.close());

const run = (argv: string[], prompter: ScriptedPrompter) =>
  runCli(argv, { env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'tok_flow_123456789' }, tty: true, prompter });
const writes = () => server.requests.filter((r) => r.method !== 'GET');

describe('create', () => {
  it('asks only what the flags left out, re-asks an invalid answer, confirms, then sends', async () => {
    const prompter = new ScriptedPrompter([
      { ask: /^Description/, answer: 'helps' },
      { ask: /^LLM model/, answer: 'GPT_4_0' },
      { ask: /^LLM provider/, answer: 'OPENAI' },
      { ask: /^Prompt/, answer: 'Line one\nLine two' },
      { ask: /^Initial message/, answer: '' },
      { ask: /^Avatar/, answer: '' },
      { ask: /^Active/, answer: true },
      { ask: /^Create this agent/, answer: true },
    ]);
    const result = await run(['create', '--name', 'Flagged'], prompter);
    expect(result.code).toBe(0);
    expect(prompter.asked.map((a) => a.message)).not.toContain('Name');
    expect(prompter.remaining()).toBe(0);
    expect(JSON.parse(writes()[0]!.body)).toEqual({
      name: 'Flagged',
      description: 'helps',
      llmModel: 'GPT_4_0',
      llmProvider: 'OPENAI',
      prompt: 'Line one\nLine two',
      isActive: true,
    });
    expect(result.stderr).toContain('New agent');
  });

  it('offers the known models and validates answers with the same rules as flags', async () => {
    const prompter = new ScriptedPrompter([
      { ask: /^Name/, answer: '   ' },
      { ask: /^Name/, answer: 'Named' },
      { ask: /^Description/, answer: 'd' },
      { ask: /^LLM model/, answer: 'MY_OWN_MODEL' },
      { ask: /^LLM provider/, answer: 'ANTHROPIC' },
      { ask: /^Prompt/, answer: '' },
      { ask: /^Initial message/, answer: '' },
      { ask: /^Avatar/, answer: '' },
      { ask: /^Active/, answer: false },
      { ask: /^Create this agent/, answer: true },
    ]);
    const result = await run(['create', '--allow-unknown-model'], prompter);
    expect(result.code).toBe(0);
    expect(prompter.asked[0]!.verdicts).toEqual(['required', true]);
    const models = prompter.asked.find((a) => a.kind === 'choose')!.choices!.map((c) => c.value);
    expect(models).toContain('GPT_4_0');
    expect(JSON.parse(writes()[0]!.body)).toMatchObject({
      name: 'Named',
      llmModel: 'MY_OWN_MODEL',
      llmProvider: 'ANTHROPIC',
      isActive: false,
    });
  });

  it('declining the summary sends nothing and exits 1', async () => {
    const prompter = new ScriptedPrompter([
      { ask: /^LLM model/, answer: 'GPT_4' },
      { ask: /^Prompt/, answer: '' },
      { ask: /^Initial message/, answer: '' },
      { ask: /^Avatar/, answer: '' },
      { ask: /^Active/, answer: true },
      { ask: /^Create this agent/, answer: false },
    ]);
    const result = await run(['create', '--name', 'n', '--description', 'd'], prompter);
    expect(result.code).toBe(1); // a declined confirmation: nothing was interrupted
    expect(result.stderr).toContain('nothing sent: the answers were not confirmed');
    expect(writes()).toHaveLength(0);
  });

  it('a typed model the CLI does not know: the reason, then a listed one picked instead, before anything is sent', async () => {
    const prompter = new ScriptedPrompter([
      { ask: /^Description/, answer: 'd' },
      { ask: /^LLM model/, answer: 'GPT-4' },
      { ask: /^unknown model "GPT-4"; did you mean GPT_4.*\? Use "GPT-4" anyway\?$/, answer: false },
      { ask: /^LLM model .*pick a listed one/, answer: 'GPT_4' },
      { ask: /^Prompt/, answer: '' },
      { ask: /^Initial message/, answer: '' },
      { ask: /^Avatar/, answer: '' },
      { ask: /^Active/, answer: true },
      { ask: /^Create this agent/, answer: true },
    ]);
    const result = await run(['create', '--name', 'Typo'], prompter);
    expect(result.code).toBe(0);
    expect(prompter.remaining()).toBe(0);
    expect(JSON.parse(writes()[0]!.body)).toMatchObject({ llmModel: 'GPT_4' });
  });

  it('a typed model the CLI does not know, confirmed, is sent as typed (as --allow-unknown-model does)', async () => {
    const prompter = new ScriptedPrompter([
      { ask: /^Description/, answer: 'd' },
      { ask: /^LLM model/, answer: 'gpt-4o' },
      { ask: /^unknown model "gpt-4o".* Use "gpt-4o" anyway\?$/, answer: true },
      { ask: /^LLM provider/, answer: 'OPENAI' },
      { ask: /^Prompt/, answer: '' },
      { ask: /^Initial message/, answer: '' },
      { ask: /^Avatar/, answer: '' },
      { ask: /^Active/, answer: true },
      { ask: /^Create this agent/, answer: true },
    ]);
    const result = await run(['create', '--name', 'Newer'], prompter);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(writes()[0]!.body)).toMatchObject({ llmModel: 'gpt-4o' });
  });

  it('a create that fails after the wizard keeps the answers: the command line to send them again, which pastes back whole', async () => {
    await server.close();
    server = await startTestServer((_req, res) =>
      sendJson(res, 422, { detail: [{ loc: ['body', 'prompt'], msg: 'too long', type: 'value_error' }] }),
    );
    const prompt = "Line one\nIt's line two";
    const prompter = new ScriptedPrompter([
      { ask: /^Description/, answer: 'two words' },
      { ask: /^LLM model/, answer: 'GPT_4' },
      { ask: /^Prompt/, answer: prompt },
      { ask: /^Initial message/, answer: '' },
      { ask: /^Avatar/, answer: '' },
      { ask: /^Active/, answer: false },
      { ask: /^Create this agent/, answer: true },
    ]);
    const result = await run(['create', '--name', 'Kept'], prompter);
    expect(result.code).toBe(2);
    // eslint-disable-next-line no-control-regex -- the line ends where the hint's colour code starts
    const line = /Your answers, to send again: (agents create [^\u001b\n]*)/.exec(result.stderr)?.[1];
    expect(line).toBe(
      `agents create --name Kept --description 'two words' --llm-model GPT_4 --prompt $'Line one\\nIt\\'s line two' --no-active`,
    );
    // Pasted into bash, it gives the CLI the same values.
    const echoed = spawnSync('bash', ['-c', `agents() { printf '%s\\0' "$@"; }; ${line}`], { encoding: 'utf8' });
    expect(echoed.stdout.split('\0')).toEqual([
      'create',
      '--name',
      'Kept',
      '--description',
      'two words',
      '--llm-model',
      'GPT_4',
      '--prompt',
      prompt,
      '--no-active',
      '',
    ]);
  });

  it('with every required flag given, asks nothing', async () => {
    const prompter = new ScriptedPrompter([]);
    const result = await run(['create', '--name', 'n', '--description', 'd', '--llm-model', 'GPT_4'], prompter);
    expect(result.code).toBe(0);
    expect(prompter.asked).toHaveLength(0);
  });
});

describe('update', () => {
  it('offers the fields with their current values and pre-fills each answer', async () => {
    const prompter = new ScriptedPrompter([
      { ask: /^Fields to change/, answer: ['prompt', 'isActive'] },
      { ask: /^Prompt/, answer: 'New prompt' },
      { ask: /^Active/, answer: true },
      { ask: new RegExp(`^Send these changes to Current \\(${AGENT_1}\\)\\?$`), answer: true },
    ]);
    const result = await run(['update', AGENT_1], prompter);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Changes to agent Current (${AGENT_1})`);
    const fields = prompter.asked[0]!;
    expect(fields.choices!.find((c) => c.value === 'name')!.name).toContain('Current');
    expect(prompter.asked[1]!.default).toBe('Old prompt');
    expect(prompter.asked[2]!.default).toBe(false);
    expect(writes().map((w) => [w.method, w.url, JSON.parse(w.body)])).toEqual([
      ['PATCH', `/api/v1/agents/${AGENT_1}`, { prompt: 'New prompt', isActive: true }],
    ]);
  });

  it('falls back to empty defaults when the agent cannot be read', async () => {
    await server.close();
    server = await startTestServer((req, res, body) =>
      req.method === 'GET'
        ? sendJson(res, 500, { detail: 'boom' })
        : sendJson(res, 200, { success: true, data: { id: AGENT_X, ...JSON.parse(body) } }),
    );
    const prompter = new ScriptedPrompter([
      { ask: /^Fields to change/, answer: ['name'] },
      { ask: /^Name/, answer: 'Fresh' },
      { ask: /^Send these changes/, answer: true },
    ]);
    const result = await run(['update', AGENT_X], prompter);
    expect(result.code).toBe(0);
    expect(prompter.asked[1]!.default).toBeUndefined();
  });
});

describe('missing ids', () => {
  it('add-tool with no ids: picks the agent and the tools from the service lists', async () => {
    const prompter = new ScriptedPrompter([
      { ask: /^Agent/, answer: AGENT_1 },
      { ask: /^tools to attach/, answer: ['tool-1', 'tool-2'] },
    ]);
    const result = await run(['add-tool'], prompter);
    expect(result.code).toBe(0);
    expect(prompter.asked[1]!.choices!.map((c) => c.value)).toEqual(['tool-1', 'tool-2']);
    expect(writes().map((w) => JSON.parse(w.body))).toEqual([{ toolId: 'tool-1' }, { toolId: 'tool-2' }]);
  });

  it('the pickers page through long lists: every one of 130 agents and 130 tools is offered', async () => {
    await server.close();
    const many = (prefix: string) =>
      Array.from({ length: 130 }, (_v, i) => ({
        id: `00000000-0000-4000-8000-${prefix}${String(i).padStart(9, '0')}`,
        name: `n${i}`,
      }));
    const agents = many('aaa');
    const tools = many('bbb');
    server = await startTestServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const list = url.pathname === '/api/v1/agents' ? agents : url.pathname === '/api/v1/tools' ? tools : undefined;
      if (req.method === 'GET' && list) {
        const skip = Number(url.searchParams.get('skip') ?? 0);
        const take = Number(url.searchParams.get('take') ?? 10);
        return sendJson(res, 200, {
          success: true,
          data: list.slice(skip, skip + take),
          total_pages: Math.ceil(list.length / take),
        });
      }
      sendJson(res, 200, { success: true, data: null });
    });
    const prompter = new ScriptedPrompter([
      { ask: /^Agent/, answer: agents[129]!.id },
      { ask: /^tools to attach/, answer: [tools[129]!.id] },
    ]);
    const result = await run(['add-tool'], prompter);
    expect(result.code, result.stderr).toBe(0);
    expect(prompter.asked[0]!.choices!.map((c) => c.value)).toEqual(agents.map((a) => a.id));
    expect(prompter.asked[1]!.choices!.map((c) => c.value)).toEqual(tools.map((t) => t.id));
  });

  it('invoke with no input asks for it', async () => {
    await server.close();
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('event: message\ndata: hello\n\n');
    });
    const prompter = new ScriptedPrompter([{ ask: /^Input/, answer: 'typed input' }]);
    const result = await run(['invoke', AGENT_1], prompter);
    expect(result.code).toBe(0);
    expect(JSON.parse(server.requests[0]!.body).input).toBe('typed input');
    expect(result.stdout).toBe('hello\n');
  });

  it('delete asks for confirmation, naming the agent, and a no keeps the agent', async () => {
    const prompter = new ScriptedPrompter([
      { ask: new RegExp(`^Delete agent Current \\(${AGENT_1}\\)\\?`), answer: false },
    ]);
    const result = await run(['delete', AGENT_1], prompter);
    expect(result.code).toBe(1); // "No" is an answer, not an interruption
    expect(result.stderr).toMatch(new RegExp(`nothing deleted: kept agent \\S.* \\(${AGENT_1}\\)`));
    expect(writes()).toHaveLength(0);
  });

  it('login asks for the base URL and the token, masked', async () => {
    const prompter = new ScriptedPrompter([
      { ask: /^Service address/, answer: 'not a url' },
      { ask: /^Service address/, answer: server.url },
      { ask: /^Token/, answer: 'tok_typed_123456789' },
    ]);
    const result = await runCli(['login'], { tty: true, prompter });
    expect(result.code).toBe(0);
    expect(prompter.asked.map((a) => a.kind)).toEqual(['text', 'secret']);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer tok_typed_123456789');
  });
});
