// The emulator over real HTTP, held to the documented wire format of the real service
// (docs/legacy-service.md; section numbers below refer to it) and to --strict.
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED, startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

let emulator: RunningEmulator;
afterEach(() => emulator?.close());

const TOOL = SEED.tools[2].id;
const DATASOURCE = SEED.datasources[0].id;
const ANTHROPIC_LLM = SEED.llms[1].id;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await request(emulator.url + path, {
    method: method as 'GET',
    headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.body.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read whatever shape the route sent
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, contentType: String(response.headers['content-type']), text, json };
}

const newAgent = { name: 'Docs bot', description: 'answers', llmModel: 'GPT_4_TURBO' };
async function create(extra: Record<string, unknown> = {}) {
  return (await call('POST', '/api/v1/agents', { ...newAgent, ...extra })).json.data;
}

describe('default mode: the real service (Superagent 0.2.39)', () => {
  it('§2.1 create: 200 with the envelope, id as the key, the documented fields, llms []', async () => {
    emulator = await startEmulator();
    const response = await call('POST', '/api/v1/agents', { name: 'Docs bot', llmModel: 'GPT_4_TURBO' });
    expect(response.status).toBe(200);
    expect(response.json.success).toBe(true);
    const agent = response.json.data;
    expect(agent.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(agent).toMatchObject({
      type: 'SUPERAGENT',
      name: 'Docs bot',
      description: 'a helpful agent.',
      isActive: true,
      llms: [],
      tools: [],
      datasources: [],
      apiUser: null,
      workflowSteps: null,
      avatar: null,
    });
    for (const key of ['createdAt', 'updatedAt', 'llmModel', 'prompt', 'apiUserId', 'metadata', 'outputSchema'])
      expect(agent).toHaveProperty(key);
  });

  it('§2.1 create: name required (422 pydantic v1), provider rules (400), unknown model (plain 500)', async () => {
    emulator = await startEmulator();
    const missing = await call('POST', '/api/v1/agents', { description: 'x' });
    expect(missing.status).toBe(422);
    expect(missing.json).toEqual({
      detail: [{ loc: ['body', 'name'], msg: 'field required', type: 'value_error.missing' }],
    });
    const badType = await call('POST', '/api/v1/agents', { name: 'x', isActive: 'maybe' });
    expect(badType.json.detail[0]).toMatchObject({ loc: ['body', 'isActive'], type: 'type_error.bool' });
    const malformed = await call('POST', '/api/v1/agents', '{"name": ');
    expect(malformed.status).toBe(422);
    expect(malformed.json.detail[0].type).toBe('value_error.jsondecode');
    expect((await call('POST', '/api/v1/agents', { name: 'x' })).json).toEqual({ detail: 'LLM provider not found' });
    expect(
      (await call('POST', '/api/v1/agents', { name: 'x', llmModel: 'MISTRAL_7B_INSTRUCT_V01', llmProvider: 'MISTRAL' }))
        .json,
    ).toEqual({
      detail: 'Please set an LLM first',
    });
    // The provider is resolved first: an unknown model with no llmProvider is a 400, with one a plain 500 at the insert.
    expect((await call('POST', '/api/v1/agents', { name: 'x', llmModel: 'NOT_A_MODEL' })).json).toEqual({
      detail: 'LLM provider not found',
    });
    const unknownModel = await call('POST', '/api/v1/agents', {
      name: 'x',
      llmModel: 'NOT_A_MODEL',
      llmProvider: 'OPENAI',
    });
    expect(unknownModel).toMatchObject({ status: 500, text: 'Internal Server Error' });
    expect(unknownModel.contentType).toContain('text/plain');
  });

  it('§2.2 PATCH writes only the fields sent and answers with relations null; §6 get, list, delete', async () => {
    emulator = await startEmulator();
    const agent = await create({ prompt: 'old' });
    const patched = await call('PATCH', `/api/v1/agents/${agent.id}`, { description: 'new' });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toMatchObject({
      id: agent.id,
      description: 'new',
      prompt: 'old',
      name: 'Docs bot',
      llms: null,
      tools: null,
      datasources: null,
    });

    const got = await call('GET', `/api/v1/agents/${agent.id}`);
    expect(got.json.data.llms).toHaveLength(1); // create links the provider's LLM
    expect(got.json.data.llms[0].llm.provider).toBe('OPENAI');

    await create({ name: 'Second' });
    await create({ name: 'Third' });
    const page = await call('GET', '/api/v1/agents?skip=1&take=2');
    expect(page.json.data.map((a: { name: string }) => a.name)).toEqual(['Second', 'Docs bot']); // newest first
    expect(page.json.total_pages).toBe(2);

    const deleted = await call('DELETE', `/api/v1/agents/${agent.id}`);
    expect(deleted.json.data).toMatchObject({
      id: agent.id,
      apiUser: null,
      workflowSteps: null,
      llms: null,
      tools: null,
      datasources: null,
    });
    expect((await call('GET', '/api/v1/agents')).json.data).toHaveLength(2);
  });

  it('§2.3-2.5 link routes answer data:null; duplicates and unknown ids are 500 with detail', async () => {
    emulator = await startEmulator();
    const agent = await create();
    const link = await call('POST', `/api/v1/agents/${agent.id}/tools`, { toolId: TOOL });
    expect(link).toMatchObject({ status: 200, json: { success: true, data: null } });
    expect((await call('POST', `/api/v1/agents/${agent.id}/tools`, { toolId: TOOL })).json).toEqual({
      detail: 'Agent tool already exists',
    });
    expect(
      (await call('POST', `/api/v1/agents/${agent.id}/datasources`, { datasourceId: DATASOURCE })).json.data,
    ).toBeNull();
    expect((await call('POST', `/api/v1/agents/${agent.id}/datasources`, { datasourceId: DATASOURCE })).json).toEqual({
      detail: 'Agent datasource already exists',
    });
    expect((await call('POST', `/api/v1/agents/${agent.id}/llms`, { llmId: ANTHROPIC_LLM })).status).toBe(200);
    const twice = await call('POST', `/api/v1/agents/${agent.id}/llms`, { llmId: ANTHROPIC_LLM });
    expect(twice.status).toBe(500);
    expect(twice.json.detail).toMatch(/Unique constraint failed/);
    const unknown = await call('POST', `/api/v1/agents/${agent.id}/tools`, { toolId: 'nope' });
    expect(unknown.status).toBe(500);
    expect(unknown.json.detail).toMatch(/Foreign key constraint failed/);
    expect((await call('POST', `/api/v1/agents/${agent.id}/tools`, {})).status).toBe(422);

    const tools = await call('GET', `/api/v1/agents/${agent.id}/tools`);
    expect(tools.json.data).toEqual([expect.objectContaining({ agentId: agent.id, toolId: TOOL, tool: null })]);
    expect((await call('DELETE', `/api/v1/agents/${agent.id}/tools/${TOOL}`)).json).toEqual({
      success: true,
      data: null,
    });
    expect((await call('GET', `/api/v1/agents/${agent.id}/tools`)).json.data).toEqual([]);
  });

  it('§1.1/§2.1 create keeps type; its metadata is JSON text (Python separators), a value everywhere else', async () => {
    emulator = await startEmulator();
    const created = await create({ type: 'LLM', metadata: { team: 'docs', tags: ['a', 'é'] } });
    expect(created.type).toBe('LLM');
    expect(created.metadata).toBe('{"team": "docs", "tags": ["a", "\\u00e9"]}');
    expect((await call('GET', `/api/v1/agents/${created.id}`)).json.data.metadata).toEqual({
      team: 'docs',
      tags: ['a', 'é'],
    });
    expect((await create()).metadata).toBe('null');
    expect((await call('POST', '/api/v1/agents', { ...newAgent, type: 'ROBOT' })).status).toBe(422);
  });

  it("§2.2 a model of another provider moves the LLM link to that provider's LLM", async () => {
    emulator = await startEmulator();
    const agent = await create({ llmModel: 'MIXTRAL_8X7B_INSTRUCT_V01', llmProvider: 'ANTHROPIC' });
    const providers = async () =>
      (await call('GET', `/api/v1/agents/${agent.id}`)).json.data.llms.map(
        (l: { llm: { provider: string } }) => l.llm.provider,
      );
    expect(await providers()).toEqual(['ANTHROPIC']);
    await call('PATCH', `/api/v1/agents/${agent.id}`, { prompt: 'no model change' });
    expect(await providers()).toEqual(['ANTHROPIC']);
    await call('PATCH', `/api/v1/agents/${agent.id}`, { llmModel: 'GPT_4' });
    expect(await providers()).toEqual(['OPENAI']);
  });

  it('§6/§12.1 lists are newest first; the agent list loads only the LLM link rows', async () => {
    emulator = await startEmulator();
    for (const name of ['first', 'second', 'third']) await create({ name });
    const listed = (await call('GET', '/api/v1/agents')).json.data;
    expect(listed.map((a: { name: string }) => a.name)).toEqual(['third', 'second', 'first']);
    expect(listed[0]).toMatchObject({ tools: null, datasources: null, llms: [expect.objectContaining({ llm: null })] });
    expect((await call('GET', '/api/v1/agents?take=0')).json).toEqual({ detail: 'division by zero' });
  });

  it('§6 lists the seeded tools, datasources and llms with stable ids', async () => {
    emulator = await startEmulator();
    expect((await call('GET', '/api/v1/tools')).json.data.map((t: { id: string }) => t.id)).toEqual(
      SEED.tools.map((t) => t.id).reverse(),
    ); // newest first
    expect((await call('GET', '/api/v1/datasources')).json.total_pages).toBe(1);
    expect((await call('GET', '/api/v1/llms')).json.data.map((l: { provider: string }) => l.provider)).toEqual([
      'ANTHROPIC',
      'OPENAI',
    ]);
  });

  it('§4 auth: no header 403, wrong scheme 403, bad token plain-text 500', async () => {
    emulator = await startEmulator();
    expect(await call('GET', '/api/v1/agents', undefined, { authorization: '' })).toMatchObject({
      status: 403,
      json: { detail: 'Not authenticated' },
    });
    expect(await call('GET', '/api/v1/agents', undefined, { authorization: 'Basic abc' })).toMatchObject({
      status: 403,
      json: { detail: 'Invalid authentication credentials' },
    });
    const wrong = await call('GET', '/api/v1/agents', undefined, { authorization: 'Bearer not-the-token' });
    expect(wrong).toMatchObject({ status: 500, text: 'Internal Server Error' });
  });

  it('§5 a missing agent: 500 on get, patch, delete (JSON detail) and invoke (plain text)', async () => {
    emulator = await startEmulator();
    expect(await call('GET', '/api/v1/agents/missing')).toMatchObject({
      status: 500,
      json: { detail: "'NoneType' object has no attribute 'metadata'" },
    });
    expect((await call('PATCH', '/api/v1/agents/missing', { name: 'x' })).json.detail).toMatch(
      /Record to update not found/,
    );
    expect((await call('DELETE', '/api/v1/agents/missing')).status).toBe(500);
    expect(await call('POST', '/api/v1/agents/missing/invoke', { input: 'x', enableStreaming: false })).toMatchObject({
      status: 500,
      text: 'Internal Server Error',
    });
  });

  it('an encoded "/" or ".." in an id stays one segment and reads as a missing agent, not another route', async () => {
    emulator = await startEmulator();
    const agent = await create();
    expect((await call('GET', `/api/v1/agents/${agent.id}%2Ftools`)).status).toBe(500);
    expect((await call('GET', '/api/v1/agents/..%2Fx')).json.detail).toMatch(/NoneType/);
    expect((await call('GET', '/api/v1/nothing-here')).status).toBe(404);
    expect((await call('PUT', '/api/v1/agents')).status).toBe(405);
  });
});

describe('default mode: invoke (§3)', () => {
  async function invoke(agentId: string, body: Record<string, unknown>) {
    return call('POST', `/api/v1/agents/${agentId}/invoke`, body);
  }

  it('§3.3 streams raw tokens byte-exact: event: message frames, empty data for "\\n", no end marker', async () => {
    emulator = await startEmulator();
    const agent = await create();
    const response = await invoke(agent.id, { input: 'Hi', enableStreaming: true, sessionId: 's1' });
    expect(response.status).toBe(200);
    expect(response.contentType).toBe('text/event-stream; charset=utf-8');
    expect(response.text).toBe(
      'event: message\ndata: You\n\n' +
        'event: message\ndata:  said:\n\n' +
        'event: message\ndata:  "Hi".\n\n' +
        'event: message\ndata: \n\n\n' +
        [
          'This',
          ' is',
          ' turn',
          ' 1',
          ' of',
          ' the',
          ' session',
          ' —',
          ' it',
          ' is',
          ' 21°C',
          ' and',
          ' sunny',
          ' in',
          ' the',
          ' emulator.',
        ]
          .map((token) => `event: message\ndata: ${token}\n\n`)
          .join(''),
    );
  });

  it('§3.2/§3.4 non-streaming carries input, output and intermediate_steps; a session remembers its turns', async () => {
    emulator = await startEmulator();
    const agent = await create();
    const first = await invoke(agent.id, { input: 'My name is Ada', enableStreaming: false, sessionId: 's' });
    expect(first.json.data).toMatchObject({
      input: 'My name is Ada',
      output: 'You said: "My name is Ada".\nThis is turn 1 of the session — it is 21°C and sunny in the emulator.',
      intermediate_steps: [],
    });
    const second = await invoke(agent.id, { input: 'What is my name?', enableStreaming: false, sessionId: 's' });
    expect(second.json.data.output).toContain('Earlier you said: "My name is Ada"');
    const other = await invoke(agent.id, { input: 'hello', enableStreaming: false, sessionId: 'other' });
    expect(other.json.data.output).toContain('turn 1');
  });

  it('§3.3 a linked tool gives a trailing function_call frame in Python repr, and intermediate_steps', async () => {
    emulator = await startEmulator();
    const agent = await create();
    await call('POST', `/api/v1/agents/${agent.id}/tools`, { toolId: TOOL });
    const streamed = await invoke(agent.id, { input: "it's Paris", enableStreaming: true });
    expect(
      streamed.text.endsWith(
        `event: function_call\ndata: {'function': 'weather', 'args': '{"query": "it\\'s Paris"}', 'response': 'weather result for "it\\'s Paris"'}\n\n`,
      ),
    ).toBe(true);
    const whole = await invoke(agent.id, { input: 'Paris', enableStreaming: false });
    expect(whole.json.data.intermediate_steps[0][0]).toMatchObject({
      tool: 'weather',
      tool_input: { query: 'Paris' },
      type: 'AgentActionMessageLog',
    });
    expect(whole.json.data.intermediate_steps[0][1]).toBe('weather result for "Paris"');
  });

  it('§3.5 outputSchema: one compact JSON frame when streaming, an object in data.output when not', async () => {
    emulator = await startEmulator();
    const agent = await create();
    const schema = JSON.stringify({
      type: 'object',
      properties: { title: { type: 'string' }, points: { type: 'integer' } },
    });
    const streamed = await invoke(agent.id, { input: 'x', enableStreaming: true, outputSchema: schema });
    expect(streamed.text).toBe('event: message\ndata: {"title":"title for \\"x\\"","points":42}\n\n');
    const whole = await invoke(agent.id, { input: 'x', enableStreaming: false, outputSchema: '[{title: string}]' });
    expect(whole.json.data.output).toEqual({ answer: 'You said: "x".' });
  });

  it('[[error]] gives event: error mid-stream under HTTP 200 (and a 500 when not streaming)', async () => {
    emulator = await startEmulator();
    const agent = await create();
    const streamed = await invoke(agent.id, { input: 'boom [[error]]', enableStreaming: true });
    expect(streamed.status).toBe(200);
    expect(streamed.text).toMatch(
      /^(event: message\ndata: [^\n]*\n\n){3}event: error\ndata: Error code: 500 - simulated model failure\n\n$/,
    );
    expect((await invoke(agent.id, { input: '[[error]]', enableStreaming: false })).json).toEqual({
      detail: 'simulated model failure',
    });
  });

  it('§3.1 enableStreaming is required and llm_params are checked', async () => {
    emulator = await startEmulator();
    const agent = await create();
    expect((await invoke(agent.id, { input: 'x' })).json.detail[0]).toEqual({
      loc: ['body', 'enableStreaming'],
      msg: 'field required',
      type: 'value_error.missing',
    });
    expect(
      (await invoke(agent.id, { input: 'x', enableStreaming: false, llm_params: { temperature: 3 } })).json.detail[0],
    ).toEqual({
      loc: ['body', 'llm_params', 'temperature'],
      msg: 'temperature must be between 0 and 2',
      type: 'value_error',
    });
  });
});

describe('--strict: the spec read cleanly', () => {
  it('201 on create, 401 for bad or missing tokens, 404 for a missing agent, a bare object on get', async () => {
    emulator = await startEmulator({ strict: true });
    const created = await call('POST', '/api/v1/agents', newAgent);
    expect(created.status).toBe(201);
    expect((await call('GET', '/api/v1/agents', undefined, { authorization: '' })).status).toBe(401);
    expect((await call('GET', '/api/v1/agents', undefined, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect(await call('GET', '/api/v1/agents/missing')).toMatchObject({
      status: 404,
      json: { detail: 'Agent not found' },
    });
    const got = await call('GET', `/api/v1/agents/${created.json.data.id}`);
    expect(got.json).toMatchObject({ id: created.json.data.id, name: 'Docs bot' });
    expect(got.json).not.toHaveProperty('success');
  });

  it('link routes return the link record; a duplicate is 409; an unknown id is 404', async () => {
    emulator = await startEmulator({ strict: true });
    const agent = (await call('POST', '/api/v1/agents', newAgent)).json.data;
    const link = await call('POST', `/api/v1/agents/${agent.id}/tools`, { toolId: TOOL });
    expect(link.json.data).toMatchObject({ agentId: agent.id, toolId: TOOL });
    expect((await call('POST', `/api/v1/agents/${agent.id}/tools`, { toolId: TOOL })).status).toBe(409);
    expect((await call('POST', `/api/v1/agents/${agent.id}/tools`, { toolId: 'nope' })).status).toBe(404);
  });
});

// §12.2, copied from legacy-service.md: the emulator's bodies are derived from the CLI's descriptors, so
// this table (not the descriptors) is what holds them to the real service.
describe('§12.2 request bodies of tools, datasources and LLMs (pydantic v1, 422)', () => {
  const SHEET = [
    {
      path: '/api/v1/tools',
      required: ['name', 'type'],
      types: { description: 'str', metadata: 'dict', returnDirect: 'bool' },
    },
    {
      path: '/api/v1/datasources',
      required: ['name', 'type'],
      types: { description: 'str', content: 'str', url: 'str', metadata: 'dict', vectorDbId: 'str' },
    },
    { path: '/api/v1/llms', required: ['provider', 'apiKey'], types: { options: 'dict' } },
  ] as const;
  const WRONG: Record<string, unknown> = { str: 5, bool: 'maybe', dict: [1] };
  const TYPE_ERROR: Record<string, string> = {
    str: 'type_error.str',
    bool: 'type_error.bool',
    dict: 'type_error.dict',
  };

  for (const strict of [false, true]) {
    it.each(SHEET)(
      `${strict ? '--strict' : 'default'}: $path names each missing required field and each wrong type`,
      async ({ path, required, types }) => {
        emulator = await startEmulator({ strict });
        const empty = await call('POST', path, {});
        expect(empty.status).toBe(422);
        expect(empty.json.detail).toEqual(
          required.map((field) => ({ loc: ['body', field], msg: 'field required', type: 'value_error.missing' })),
        );

        const valid = Object.fromEntries(
          required.map((field) => [field, field === 'provider' ? 'OPENAI' : field === 'type' ? 'URL' : 'x']),
        );
        const wrong = await call('POST', path, {
          ...valid,
          ...Object.fromEntries(Object.entries(types).map(([field, type]) => [field, WRONG[type]])),
        });
        expect(wrong.status).toBe(422);
        expect(wrong.json.detail.map((d: { loc: string[]; type: string }) => [d.loc[1], d.type])).toEqual(
          Object.entries(types).map(([field, type]) => [field, TYPE_ERROR[type]]),
        );
      },
    );
  }

  it('the embeddings provider is a pydantic enum: OPENAI or AZURE_OPENAI', async () => {
    emulator = await startEmulator();
    const response = await call('POST', '/api/v1/datasources', {
      name: 'd',
      type: 'URL',
      embeddingsModelProvider: 'COHERE',
    });
    expect(response.status).toBe(422);
    expect(response.json.detail[0]).toMatchObject({
      loc: ['body', 'embeddingsModelProvider'],
      type: 'type_error.enum',
    });
  });
});
