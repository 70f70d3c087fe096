// References in commands' arguments: a full id (no lookup), a unique id prefix of 4+ characters,
// or an exact name (an LLM's provider); one list request per kind per run.
import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/emulator/server.js';
import { useEmulatorPerTest } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';

for (const strict of [false, true]) {
  describe(`references${strict ? ' (--strict)' : ''}`, () => {
    const running = useEmulatorPerTest(strict);
    const agents = (...argv: string[]) => runCli(argv, { configDir: running.env.AGENTS_CONFIG_DIR, env: running.env });
    const create = async (name: string) =>
      (await agents('create', '-q', '--name', name, '--description', 'd', '--llm-model', 'GPT_4')).stdout.trim();
    const gets = (path: string) =>
      running.emulator.requests.filter((r) => r.method === 'GET' && r.path === path).length;

    it('an agent by name or by a unique prefix; a full id costs no lookup', async () => {
      const id = await create('Docs bot');
      await create('Other bot');
      const byName = await agents('get', 'Docs bot', '--json');
      expect(JSON.parse(byName.stdout).id).toBe(id);
      expect(JSON.parse((await agents('get', id.slice(0, 8), '--json')).stdout).id).toBe(id);
      const lists = gets('/api/v1/agents');
      expect((await agents('get', id, '-q')).stdout).toBe(`${id}\n`);
      expect(gets('/api/v1/agents')).toBe(lists); // the full id was used as it is
    });

    it('a shared name is exit 2 listing the candidates; no match is exit 5; 3 characters are no prefix', async () => {
      const [first, second] = [await create('Twin'), await create('Twin')];
      const twin = await agents('get', 'Twin');
      expect(twin.code).toBe(2);
      expect(twin.stderr).toContain('agent "Twin" is ambiguous: 2 match');
      expect(twin.stderr).toContain(`${first}  Twin`);
      expect(twin.stderr).toContain(`${second}  Twin`);
      expect((await agents('get', 'Nobody')).code).toBe(5);
      expect((await agents('get', first.slice(0, 3))).code).toBe(5);
    });

    it("a name that is also another agent's id prefix is exit 2 listing both; nothing is deleted", async () => {
      const target = await create('Target');
      const prefix = target.slice(0, 6);
      const namesake = await create(prefix);
      const both = await agents('delete', prefix, '--yes');
      expect(both.code).toBe(2);
      expect(both.stderr).toContain(`agent "${prefix}" is ambiguous: 2 match (by name and by id prefix)`);
      expect(both.stderr).toContain(`${namesake}  ${prefix}`);
      expect(both.stderr).toContain(`${target}  Target`);
      expect(running.emulator.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
      expect((await agents('delete', target, '--yes')).code).toBe(0);
      expect((await agents('get', prefix, '-q')).stdout).toBe(`${namesake}\n`); // now only a name
    });

    it('tools, datasources and LLMs by name (an LLM by provider) in add-* and remove-*, one list per kind', async () => {
      const agent = await create('Linked');
      const before = gets('/api/v1/tools');
      const added = await agents('add-tool', 'Linked', 'browser', 'weather');
      expect(added.code, added.stderr).toBe(0);
      // Named as they were typed, with the start of each id: what the user knows, and what tells twins apart.
      expect(added.stderr).toContain(
        `Attached tool weather (${SEED.tools[2].id.slice(0, 8)}) to agent Linked (${agent.slice(0, 8)})`,
      );
      const updated = await agents('update', 'Linked', '--description', 'linked up');
      expect(updated.stderr).toContain(`Updated description of agent Linked (${agent.slice(0, 8)})`);
      expect(gets('/api/v1/tools') - before).toBe(1);
      expect((await agents('add-datasource', agent, 'docs site')).code).toBe(0);
      expect((await agents('add-llm', agent, 'ANTHROPIC')).code).toBe(0);
      const got = JSON.parse((await agents('get', agent, '--json')).stdout);
      expect(got.tools.map((t: { toolId: string }) => t.toolId).sort()).toEqual([SEED.tools[0].id, SEED.tools[2].id]);
      expect(got.datasources.map((d: { datasourceId: string }) => d.datasourceId)).toEqual([SEED.datasources[1].id]);
      const removed = await agents('remove-tool', 'Linked', 'weather');
      expect(removed.stderr).toContain(`Detached tool weather (${SEED.tools[2].id.slice(0, 8)}) from agent Linked (`);
      expect((await agents('tools', 'get', 'code-interpreter', '-q')).stdout).toBe(`${SEED.tools[1].id}\n`);
      // One bad name is one failed entry; the others are still attached.
      const mixed = await agents('add-tool', agent, 'nope', 'browser', '--json');
      expect(mixed.code).toBe(5);
      expect(JSON.parse(mixed.stdout).map((e: { attached: boolean }) => e.attached)).toEqual([false, true]);
    });
  });
}
