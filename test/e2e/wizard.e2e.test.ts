// The prompts, driven in a real pseudo-terminal as a person would, and their absence off a terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from '../helpers/binary.js';
import { KEY, python, runInPty } from '../helpers/pty.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { renderScreen } from '../helpers/screen.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';

const CURRENT = { id: 'agent-7', name: 'Old name', description: 'old description', llmModel: 'GPT_4', isActive: true };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res, body) => {
    if (req.method === 'GET') return sendJson(res, 200, { success: true, data: CURRENT });
    sendJson(res, 200, { success: true, data: { ...CURRENT, ...JSON.parse(body || '{}'), id: 'agent-7' } });
  });
});
afterAll(() => server.close());

const env = () => ({
  AGENTS_CONFIG_DIR: tempConfigDir(),
  AGENTS_BASE_URL: server.url,
  AGENTS_TOKEN: 'tok_pty_secret_123456',
});
const writes = () => server.requests.filter((r) => r.method !== 'GET');

/** The wizard's questions after the prompt, each answered with Enter (what it offers), then created. */
const THE_REST_AS_OFFERED = [
  { expect: 'Initial message', send: KEY.enter },
  { expect: 'Avatar URL', send: KEY.enter },
  { expect: 'Active\\?', send: KEY.enter },
  { expect: 'Create this agent\\?', send: KEY.enter },
];

describe.skipIf(!python())('in a terminal', () => {
  it('a typed model not in the list: the reason, then the list again or the model confirmed; Enter never traps', async () => {
    const before = writes().length;
    const result = await runInPty(
      ['create'],
      [
        { expect: 'Name', send: 'Newer bot' + KEY.enter },
        { expect: 'Description', send: 'd' + KEY.enter },
        { expect: 'LLM model', send: 'gpt-4o' },
        { expect: 'use "gpt-4o"', send: KEY.enter },
        // The reason, and a way out that is not Ctrl-C: No brings the list back.
        { expect: 'unknown model "gpt-4o".*Use "gpt-4o" anyway\\?', send: 'n' + KEY.enter },
        { expect: 'LLM model \\(pick a listed one, or type another\\)', send: 'gpt-4o' },
        { expect: 'use "gpt-4o"', send: KEY.enter },
        { expect: 'type another\\) use "gpt-4o"[\\s\\S]*Use "gpt-4o" anyway\\?', send: 'y' + KEY.enter },
        { expect: 'LLM provider', send: KEY.enter },
        { expect: 'Prompt', send: KEY.enter },
        ...THE_REST_AS_OFFERED,
      ],
      env(),
      { cols: 100, rows: 40, maxSeconds: 15 },
    );
    expect(result.failure, result.screen.slice(-1500)).toBeNull();
    expect(result.code).toBe(0);
    expect(result.screen).not.toContain('use "use');
    expect(JSON.parse(writes()[before]!.body)).toMatchObject({ name: 'Newer bot', llmModel: 'gpt-4o' });
  });

  it('create asks for every missing field, shows a summary once and sends after confirmation', async () => {
    const before = writes().length;
    const result = await runInPty(
      ['create'],
      [
        { expect: 'Name', send: 'Docs bot' + KEY.enter },
        { expect: 'Description', send: 'answers doc questions' + KEY.enter },
        // Enter takes the listed model that ends with what was typed, not the typed text itself.
        { expect: 'LLM model', send: '4_0' },
        { expect: 'use "4_0"', send: KEY.enter },
        // GPT_4_0 is not in the service's model-to-provider map: the wizard asks, offering OPENAI.
        { expect: 'LLM provider \\(the service cannot tell it from GPT_4_0\\)', send: KEY.enter },
        { expect: 'Prompt', send: 'Be brief.\\nCite docs.' + KEY.enter },
        ...THE_REST_AS_OFFERED,
      ],
      env(),
      { cols: 100, rows: 40 },
    );
    expect(result.failure).toBeNull();
    expect(result.code).toBe(0);
    const { lines } = await renderScreen(result.bytes, 100, 40);
    expect(lines).toContain('✔ LLM model GPT_4_0');
    const summary = lines.indexOf('New agent');
    expect(summary).toBeGreaterThan(0);
    expect(lines.slice(summary, summary + 9)).toEqual([
      'New agent',
      'id               (new)',
      'name             Docs bot',
      'description      answers doc questions',
      'model            GPT_4_0',
      'provider         OPENAI',
      'active           true',
      'prompt           Be brief.',
      '                 Cite docs.', // a multi-line prompt stays under its first line
    ]);
    // The summary once: after the confirmation comes the one new fact, the id.
    expect(lines.filter((line) => line.startsWith('name '))).toHaveLength(1);
    expect(lines.slice(-3)).toEqual(['✔ Create this agent? Yes', '✓ Created agent Docs bot', 'agent-7']);
    expect(writes()).toHaveLength(before + 1);
    expect(JSON.parse(writes().at(-1)!.body)).toEqual({
      name: 'Docs bot',
      description: 'answers doc questions',
      llmModel: 'GPT_4_0',
      llmProvider: 'OPENAI',
      prompt: 'Be brief.\nCite docs.',
      isActive: true,
    });
  });

  it('an invalid answer is asked again with the reason', async () => {
    const result = await runInPty(
      ['create', '--description', 'd', '--llm-model', 'GPT_4_TURBO'],
      [
        { expect: 'Name', send: '   ' + KEY.enter },
        { expect: 'required', send: KEY.ctrlC },
      ],
      env(),
    );
    expect(result.failure).toBeNull();
    expect(result.code).toBe(130);
  });

  it('Ctrl-C in the wizard exits 130 without a stack trace and sends nothing', async () => {
    const before = server.requests.length;
    const result = await runInPty(['create'], [{ expect: 'Name', send: KEY.ctrlC }], env());
    expect(result.failure).toBeNull();
    expect(result.code).toBe(130);
    expect(result.screen).not.toMatch(/\n\s+at /);
    expect(server.requests).toHaveLength(before);
  });

  // Ctrl-D closed the prompt's input and the process ran dry: "interrupted", then exit 0, so
  // `agents delete X && next` went on as if the delete had happened.
  for (const [what, args, question] of [
    ['the create wizard', ['create'], 'Name'],
    ["delete's confirmation", ['delete', 'agent-7'], 'Delete agent'],
    ["invoke's input", ['invoke', 'agent-7'], 'Input'],
    ["login's token", ['login', '--base-url', 'http://127.0.0.1:9'], 'Token|token'],
  ] as const) {
    it(`Ctrl-D at ${what} exits 130, as Ctrl-C does, and sends nothing`, async () => {
      const before = writes().length;
      const result = await runInPty([...args], [{ expect: question, send: KEY.ctrlD }], env());
      expect(result.failure).toBeNull();
      expect(result.code).toBe(130);
      expect(result.screen).toContain('interrupted');
      expect(writes()).toHaveLength(before);
    });
  }

  it('update shows the current values and sends only the chosen field', async () => {
    const result = await runInPty(
      ['update', 'agent-7'],
      [
        { expect: 'Fields to change[\\s\\S]*Name \\(Old name\\)', send: KEY.space + KEY.enter },
        { expect: 'Name[^\\n]*Old name', send: '\x15' /* clear the pre-filled line */ + 'New name' + KEY.enter },
        { expect: 'Send these changes to Old name \\(agent-7\\)\\?', send: KEY.enter },
      ],
      env(),
    );
    expect(result.failure).toBeNull();
    expect(result.code).toBe(0);
    const patch = writes().at(-1)!;
    expect(patch.method).toBe('PATCH');
    expect(JSON.parse(patch.body)).toEqual({ name: 'New name' });
  });
});

describe('off a terminal', () => {
  const cases: Array<[string, string[], Record<string, string>]> = [
    ['stdin not a terminal', ['create'], {}],
    ['CI=1', ['create'], { CI: '1' }],
    ['--no-input', ['create', '--no-input'], {}],
  ];
  for (const [name, args, extra] of cases) {
    it(`${name}: fails fast with exit 2 naming every missing flag, no prompt escape codes`, async () => {
      const before = server.requests.length;
      const result = await runBinary(args, { env: { ...env(), ...extra } });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('missing --name, --description, --llm-model');
      expect(result.stderr).not.toContain('\x1b[');
      expect(server.requests).toHaveLength(before);
    });
  }

  it('missing ids are usage errors naming the argument', async () => {
    const result = await runBinary(['add-tool'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('missing <agent>');
  });
});
