// A whole stack with apply: tools, datasources and LLMs declared beside the agents that use them
// by name, --prune, and export --all round-tripping, against the emulator in both modes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../emulator/server.js';
import { useEmulatorPerTest } from '../../../test/helpers/emulator-env.js';
import { runCli } from '../../../test/helpers/run-cli.js';
import { starterFolder } from '../../../test/helpers/starter.js';

const STACK = starterFolder().stack;
const KEY = 'sk-stack-test-key-0123456789';

for (const strict of [false, true]) {
  describe(`a whole stack${strict ? ' (--strict)' : ''}`, () => {
    const running = useEmulatorPerTest(strict);
    const agents = (argv: string[], env: Record<string, string> = {}) =>
      runCli(argv, {
        configDir: running.env.AGENTS_CONFIG_DIR,
        env: { ...running.env, AGENTS_KEY_OPENAI: KEY, ...env },
      });
    const json = async (argv: string[]) => JSON.parse((await agents([...argv, '--json'])).stdout);
    const file = (text: string) => {
      const path = join(mkdtempSync(join(tmpdir(), 'agents-stack-')), 'stack.yaml');
      writeFileSync(path, text);
      return path;
    };
    const agentNamed = async (name: string) => {
      const found = (await json(['list', '--all'])).find((a: { name: string }) => a.name === name);
      return json(['get', found.id]);
    };

    it('the starter stack.yaml on a fresh emulator: resources first, agents linked by name, no ids typed; a second run writes nothing', async () => {
      const result = await agents(['apply', '-f', STACK]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(
        /^Plan: 4 to create, 1 to update, 0 unchanged\n\+ create {5}tool forecast\n\+ create {5}datasource handbook\n~ update {5}LLM OPENAI\n {4}apiKey {8}\(changed, not shown\)\n/,
      );
      const forecast = (await json(['tools', 'list'])).find((t: { name: string }) => t.name === 'forecast');
      const handbook = (await json(['datasources', 'list'])).find((d: { name: string }) => d.name === 'handbook');
      const travel = await agentNamed('Travel bot');
      expect(travel.tools.map((t: { toolId: string }) => t.toolId)).toEqual([forecast.id]);
      expect(
        (await agentNamed('Support bot')).datasources.map((d: { datasourceId: string }) => d.datasourceId),
      ).toEqual([handbook.id]);
      const answer = await agents(['invoke', travel.id, 'Will it rain?']);
      expect(answer.stderr).toContain('⚙ forecast(');
      // The key went to the service, and nowhere else.
      expect(result.stdout + result.stderr).not.toContain(KEY);

      const writesBefore = running.emulator.requests.filter((r) => r.method !== 'GET').length;
      const again = await agents(['apply', '-f', STACK]);
      expect(again.stdout).toContain('Plan: 0 to create, 0 to update, 5 unchanged');
      expect(running.emulator.requests.filter((r) => r.method !== 'GET').length).toBe(writesBefore);
      expect((await agents(['diff', '-f', STACK])).code).toBe(0);
    });

    it('--prune detaches links the file no longer lists (only for the kinds it lists); without it apply is additive', async () => {
      expect((await agents(['apply', '-f', STACK])).code).toBe(0);
      const withoutTool = file(readFileSync(STACK, 'utf8').replace('tools: [forecast]', 'tools: []'));
      expect((await agents(['apply', '-f', withoutTool])).stdout).toContain('5 unchanged');
      expect((await agentNamed('Travel bot')).tools).toHaveLength(1);
      const diff = await agents(['diff', '-f', withoutTool, '--prune']);
      expect(diff.code).toBe(1);
      expect(diff.stdout).toMatch(/~ update {5}Travel bot\n {4}- tool {2}forecast \([0-9a-f]{8}…\)\n/);
      expect((await agents(['apply', '-f', withoutTool, '--prune'])).code).toBe(0);
      const travel = await agentNamed('Travel bot');
      expect(travel.tools).toEqual([]);
      expect(travel.llms.length).toBeGreaterThan(0); // llms: [OPENAI] is still declared
      // A kind the file does not mention for an agent is left alone.
      const noLlmKey = file(
        'agents:\n  - name: Travel bot\n    description: Plans trips around the weather\n    llmModel: GPT_4\n    tools: []\n',
      );
      expect((await agents(['apply', '-f', noLlmKey, '--prune'])).code).toBe(0);
      expect((await agentNamed('Travel bot')).llms.length).toBeGreaterThan(0);
      expect((await json(['tools', 'list'])).some((t: { name: string }) => t.name === 'forecast')).toBe(true); // never deleted
    });

    it('export --all | diff shows no change, also with two tools of one name (ids carried)', async () => {
      expect((await agents(['apply', '-f', STACK])).code).toBe(0);
      await agents(['tools', 'create', '--name', 'forecast', '--type', 'HTTP']); // a second "forecast"
      const travel = await agentNamed('Travel bot');
      await agents(['add-tool', travel.id, SEED.tools[0].id]);
      const exported = await agents(['export', '--all']);
      expect(exported.code).toBe(0);
      expect(exported.stdout).not.toContain(KEY);
      expect(exported.stdout.match(/^ {2}- id: /gm)?.length).toBe(2); // the two forecasts
      const diff = await agents(['diff', '-f', file(exported.stdout)]);
      expect(diff.stdout).toMatch(/^Plan: 0 to create, 0 to update, \d+ unchanged\n/);
      expect(diff.code).toBe(0);
    });

    it('links by a unique id prefix (4+ characters); a shared prefix is ambiguous and lists the candidates', async () => {
      const tool = (await agents(['tools', 'create', '-q', '--name', 'prefixed', '--type', 'HTTP'])).stdout.trim();
      // Quoted: a prefix like 12345678 or 1e100000 would be a YAML number.
      const byPrefix = await agents([
        'apply',
        '-f',
        file(`agents:\n  - {name: P, description: d, llmModel: GPT_4, tools: ["${tool.slice(0, 8)}"]}\n`),
      ]);
      expect(byPrefix.code, byPrefix.stderr).toBe(0);
      expect((await agentNamed('P')).tools.map((t: { toolId: string }) => t.toolId)).toEqual([tool]);
      const shared = await agents([
        'diff',
        '-f',
        file('agents:\n  - {name: Q, description: d, llmModel: GPT_4, tools: [5b0d6a7e]}\n'),
      ]);
      expect(shared.code).toBe(2);
      expect(shared.stderr).toContain('tool "5b0d6a7e" is ambiguous: 3 match');
      const tooShort = await agents([
        'diff',
        '-f',
        file('agents:\n  - {name: Q, description: d, llmModel: GPT_4, tools: [5b0]}\n'),
      ]);
      expect(tooShort.code).toBe(5);
    });

    it('bad stacks stop before any request: a key in the file, an unset apiKeyEnv, an ambiguous or unknown name', async () => {
      const inFile = await agents(['apply', '-f', file('llms:\n  - provider: OPENAI\n    apiKey: sk-oops\n')]);
      expect(inFile.code).toBe(2);
      expect(inFile.stderr).toContain(':3: LLM "OPENAI": apiKey: does not belong in a file');
      expect(inFile.stderr).not.toContain('sk-oops');
      const before = running.emulator.requests.filter((r) => r.method !== 'GET').length;
      const unset = await agents([
        'apply',
        '-f',
        file('llms:\n  - provider: GROQ\n    apiKeyEnv: AGENTS_KEY_NOT_SET_ANYWHERE\n'),
      ]);
      expect(unset.code).toBe(2);
      expect(unset.stderr).toContain(':3: LLM "GROQ": apiKeyEnv: AGENTS_KEY_NOT_SET_ANYWHERE is not set');
      await agents(['tools', 'create', '--name', 'twin', '--type', 'HTTP']);
      await agents(['tools', 'create', '--name', 'twin', '--type', 'HTTP']);
      const ambiguous = await agents([
        'apply',
        '-f',
        file('agents:\n  - {name: A, description: d, llmModel: GPT_4, tools: [twin]}\n'),
      ]);
      expect(ambiguous.code).toBe(2);
      expect(ambiguous.stderr).toMatch(
        /tool "twin" is ambiguous: 2 match\n {4}[0-9a-f-]{36} {2}twin\n {4}[0-9a-f-]{36} {2}twin\n/,
      );
      const writes = running.emulator.requests.filter((r) => r.method !== 'GET').length;
      expect(writes - before).toBe(2); // the two tools this test made, nothing else
    });
  });
}
