// agents tools|datasources|llms and remove-*, against the emulator in both modes, and the
// descriptor as the one place a field is spelled out.
import { describe, expect, it } from 'vitest';
import { describeResource } from '../../resources/view.js';
import { TOOL } from '../../resources/catalog.js';
import type { ResourceDescriptor } from '../../resources/descriptor.js';
import { SEED } from '../../emulator/server.js';
import { useEmulatorPerTest } from '../../../test/helpers/emulator-env.js';
import { PLAIN_THEME } from '../../ui/color-support.js';
import { fieldFlags } from './field-flags.js';
import { completeFields } from './fields.js';
import { completionCandidates } from '../../completion/complete.js';
import { runCli } from '../../../test/helpers/run-cli.js';
import { ScriptedPrompter } from '../../../test/helpers/scripted-prompter.js';

for (const strict of [false, true]) {
  describe(`resources${strict ? ' (--strict)' : ''}`, () => {
    const running = useEmulatorPerTest(strict);
    const agents = (argv: string[], options: { stdin?: string; env?: Record<string, string> } = {}) =>
      runCli(argv, {
        configDir: running.env.AGENTS_CONFIG_DIR,
        stdin: options.stdin,
        env: { ...running.env, ...options.env },
      });
    const json = async (argv: string[]) => {
      const result = await agents([...argv, '--json']);
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout);
    };

    it('tools: create, list (newest first, -q ids), get, update only what is given, delete; then it is gone', async () => {
      const created = await json([
        'tools',
        'create',
        '--name',
        'search',
        '--type',
        'GOOGLE_SEARCH',
        '--metadata',
        '{"region":"eu"}',
      ]);
      expect(created).toMatchObject({
        name: 'search',
        type: 'GOOGLE_SEARCH',
        description: 'a helpful tool.',
        metadata: '{"region": "eu"}',
        returnDirect: false,
      });
      expect((await agents(['tools', 'list', '-q'])).stdout.split('\n')[0]).toBe(created.id);
      expect(await json(['tools', 'get', created.id])).toEqual(created);
      const updated = await json([
        'tools',
        'update',
        created.id,
        '--description',
        'Searches Google',
        '--return-direct',
      ]);
      expect(updated).toMatchObject({
        name: 'search',
        type: 'GOOGLE_SEARCH',
        description: 'Searches Google',
        returnDirect: true,
      });
      const deleted = await agents(['tools', 'delete', created.id, '--yes']);
      expect(deleted.code).toBe(0);
      expect(deleted.stderr).toContain(`Deleted tool search (${created.id})`);
      const again = await agents(['tools', 'get', created.id]);
      expect(again.code).toBe(5);
      expect(again.stderr).toBe(
        `error: tool ${created.id} not found\n\`agents tools list\` shows the tools you can reach.\n`,
      );
      expect((await agents(['tools', 'delete', created.id, '--yes'])).code).toBe(5); // the real DELETE says 200: the CLI looks first
    });

    it('datasources: an update resends name and type (the service requires them) and refuses metadata', async () => {
      const created = await json([
        'datasources',
        'create',
        '--name',
        'handbook',
        '--type',
        'URL',
        '--url',
        'https://example.com/h',
      ]);
      expect(created).toMatchObject({ name: 'handbook', type: 'URL', status: 'IN_PROGRESS' });
      const updated = await json(['datasources', 'update', created.id, '--description', 'The handbook']);
      expect(updated).toMatchObject({ name: 'handbook', type: 'URL', description: 'The handbook' });
      const patch = running.emulator.requests.filter((r) => r.method === 'PATCH');
      expect(patch).toHaveLength(1);
      const refused = await agents(['datasources', 'update', created.id, '--metadata', '{"a":1}']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^error: the service cannot change --metadata of a datasource/);
      expect(running.emulator.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
      expect((await json(['datasources', 'get', created.id])).status).toBe('DONE');
      expect((await agents(['datasources', 'delete', created.id, '--yes'])).code).toBe(0);
      expect((await agents(['datasources', 'get', created.id])).code).toBe(5);
    });

    it('llms: the API key comes from stdin or AGENTS_LLM_API_KEY, never a flag, and is never printed', async () => {
      const key = 'sk-live-very-secret-key-123';
      const fromStdin = await agents(['llms', 'create', '--provider', 'GROQ', '--api-key-stdin'], { stdin: key });
      expect(fromStdin.code, fromStdin.stderr).toBe(0);
      const fromEnv = await agents(['llms', 'create', '--provider', 'MISTRAL', '--json'], {
        env: { AGENTS_LLM_API_KEY: key },
      });
      expect(JSON.parse(fromEnv.stdout)).toMatchObject({ provider: 'MISTRAL', apiKey: '[redacted]' });
      for (const result of [
        fromStdin,
        fromEnv,
        await agents(['llms', 'list']),
        await agents(['llms', 'list', '--json']),
        await agents(['llms', 'list', '--debug']),
      ]) {
        expect(result.stdout + result.stderr).not.toContain(key);
      }
      expect(fromStdin.stdout).toContain('api key   (set, not shown)');
      expect((await agents(['llms', 'create', '--provider', 'GROQ', '--api-key', key])).code).toBe(2); // no such flag
      // An update keeps the key (read from the record, never shown) and rewrites only what is given.
      const id = JSON.parse(fromEnv.stdout).id as string;
      const updated = await json(['llms', 'update', id, '--options', '{"temperature":0}']);
      expect(updated).toMatchObject({ provider: 'MISTRAL', options: { temperature: 0 }, apiKey: '[redacted]' });
      expect((await agents(['llms', 'get', '00000000-0000-4000-8000-000000000000'])).code).toBe(5);
      expect((await agents(['llms', 'delete', id])).stderr).toContain("unknown command 'delete'"); // the service cannot delete an LLM
    });

    it('off a terminal, create names every missing flag (exit 2) and sends nothing', async () => {
      const before = running.emulator.requests.length;
      const result = await agents(['llms', 'create']);
      expect(result).toMatchObject({
        code: 2,
        stderr:
          'error: missing --provider, --api-key-stdin (or AGENTS_LLM_API_KEY)\nPass them as flags or in --file. See `agents llms create --help`.\n',
      });
      expect(running.emulator.requests.length).toBe(before);
    });

    it('remove-tool detaches; detaching what is not attached succeeds; a missing agent is exit 5', async () => {
      const agent = (
        await agents(['create', '-q', '--name', 'R', '--description', 'd', '--llm-model', 'GPT_4'])
      ).stdout.trim();
      const [browser, weather] = [SEED.tools[0].id, SEED.tools[2].id];
      expect((await agents(['add-tool', agent, browser, weather])).code).toBe(0);
      const removed = await agents(['remove-tool', agent, browser, '--json']);
      expect(removed.code).toBe(0);
      expect(JSON.parse(removed.stdout)).toEqual([{ agentId: agent, toolId: browser, detached: true }]);
      expect((await json(['get', agent])).tools.map((t: { toolId: string }) => t.toolId)).toEqual([weather]);
      expect((await agents(['remove-tool', agent, browser])).code).toBe(0); // again: still success
      expect((await agents(['remove-datasource', agent, SEED.datasources[0].id])).code).toBe(0);
      expect((await agents(['remove-llm', agent, SEED.llms[0].id])).code).toBe(0);
      if (strict) expect((await agents(['remove-tool', '00000000-0000-4000-8000-000000000000', browser])).code).toBe(5);
    });

    it('completion offers the tools this machine has seen, by id and name, and forgets a deleted one', async () => {
      const tool = (await agents(['tools', 'create', '-q', '--name', 'lookup', '--type', 'HTTP'])).stdout.trim();
      const candidates = () => completionCandidates('tools', running.env);
      expect(candidates()).toEqual([`${tool}\tlookup`, `lookup\t${tool}`]);
      expect((await agents(['tools', 'list'])).code).toBe(0);
      expect(candidates()).toContain(`${SEED.tools[0].id}\t${SEED.tools[0].name}`);
      expect((await agents(['tools', 'delete', tool, '--yes'])).code).toBe(0);
      expect(candidates().filter((line) => line.includes(tool))).toEqual([]);
    });

    it('deleting a tool removes it from the agents that had it', async () => {
      const agent = (
        await agents(['create', '-q', '--name', 'T', '--description', 'd', '--llm-model', 'GPT_4'])
      ).stdout.trim();
      const tool = (await agents(['tools', 'create', '-q', '--name', 'gone', '--type', 'HTTP'])).stdout.trim();
      expect((await agents(['add-tool', agent, tool])).code).toBe(0);
      expect((await agents(['tools', 'delete', tool, '--yes'])).code).toBe(0);
      expect((await json(['get', agent])).tools).toEqual([]);
    });
  });
}

describe('the descriptor is the one place a field is spelled out', () => {
  const withExtra: ResourceDescriptor = {
    ...TOOL,
    fields: [
      ...TOOL.fields,
      {
        key: 'timeoutSeconds',
        flag: 'timeout-seconds',
        label: 'Timeout in seconds',
        type: 'text',
        required: true,
        description: 'how long it may run',
      },
    ],
  };

  it('a new field gets its flag, its prompt and its line in the view', async () => {
    const flags = fieldFlags(withExtra, 'create');
    expect(Object.keys(flags)).toContain('timeoutSeconds');
    expect(flags.timeoutSeconds!.help).toBe('how long it may run');

    const prompter = new ScriptedPrompter([{ ask: /^Timeout in seconds$/, answer: '30' }]);
    const ctx = { io: { interactive: true }, prompter } as unknown as Parameters<typeof completeFields>[1];
    const fields = await completeFields(withExtra, ctx, {
      name: 'n',
      type: 'HTTP',
      description: 'd',
      metadata: {},
      returnDirect: false,
    });
    expect(fields.timeoutSeconds).toBe('30');

    const view = describeResource(withExtra, { id: 't1', name: 'n', timeoutSeconds: '30' }, PLAIN_THEME);
    expect(view).toContain('timeout in seconds  30');
  });
});
