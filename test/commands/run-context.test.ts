// A run receives what its spec says it uses, and nothing else: the program hands it a narrowed
// Context (commands/run-context.ts), and a test can build the same from the dependencies alone
// (test/helpers/run-context.ts) and call the run without the program or a process.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpecs } from '../../src/commands/command.js';
import { COMMANDS } from '../../src/commands/registry.js';
import { narrowed } from '../../src/commands/run-context.js';
import { ALWAYS, NEEDS, type Context } from '../../src/context.js';
import type { Need } from '../../src/definition/define.js';
import { TOOL } from '../../src/resources/catalog.js';
import { loadZod } from '../../src/util/zod.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { buildRunContext } from '../helpers/run-context.js';

const running = useEmulatorEnv();
const service = () => ({ baseUrl: running.env.AGENTS_BASE_URL!, token: running.env.AGENTS_TOKEN! });

beforeAll(async () => {
  await loadSpecs(COMMANDS);
  await loadZod();
});

/** A command's run, as the registry loads it. */
async function runOf(path: string) {
  const command = COMMANDS.find((each) => each.path === path);
  if (!command) throw new Error(`no command ${path}`);
  return (await command.load()) as (options: Record<string, unknown>, ctx: unknown) => Promise<void>;
}

describe('what a run receives', () => {
  it("is, for every command, the members its spec's uses name and those every run gets", () => {
    const seen = new Set<string>();
    for (const command of COMMANDS) {
      const uses = command.spec.uses ?? [];
      for (const need of uses) expect(Object.keys(NEEDS), command.path).toContain(need);
      const expected = new Set<string>([...ALWAYS, ...uses.flatMap((need: Need) => NEEDS[need])]);
      if (uses.includes('runLog')) expected.add('runLog');
      expect(new Set(Object.keys(narrowed({} as Context, uses))), command.path).toEqual(expected);
      for (const need of uses) seen.add(need);
    }
    // Every need is asked for by some command: none is left in the list unused.
    expect([...seen].sort()).toEqual(Object.keys(NEEDS).sort());
  });

  it("reaches the Context's members for what it declared only", async () => {
    const calls: string[] = [];
    const ctx = {
      client: () => calls.push('client'),
      stateStore: () => calls.push('state'),
      io: 'the io',
    } as unknown as Context;
    const given = narrowed(ctx, ['service']) as unknown as Record<string, unknown>;
    (given.client as () => void)();
    expect([calls, given.io, given.stateStore, given.prompter]).toEqual([['client'], 'the io', undefined, undefined]);
  });
});

describe('runs called with a built context, without the program', () => {
  it('whoami: the service only', async () => {
    const built = buildRunContext(['service'], { service: service() });
    await (
      await runOf('whoami')
    )({}, built.ctx);
    expect(built.stdout.text()).toMatch(/^user\s+7c0d5b1e-/);
    // Without the need its spec names, the run finds no client.
    await expect((await runOf('whoami'))({}, buildRunContext([]).ctx)).rejects.toThrow(TypeError);
  });

  it('tools list: the service, and state.json for the names it saw', async () => {
    const built = buildRunContext(['service', 'state'], { service: service() });
    await (
      await runOf('tools list')
    )({ limit: 50, all: false }, built.ctx);
    expect(built.stdout.text()).toMatch(/weather/);
    const state = readFileSync(join(built.configDir, 'state.json'), 'utf8');
    expect(state).toContain('weather');
  });

  it('config set: config.json and the variables (for the profile)', async () => {
    const built = buildRunContext(['config', 'env'], { env: { AGENTS_PROFILE: 'ci' } });
    await (
      await runOf('config set')
    )({ key: 'timeout', value: '12' }, built.ctx);
    expect(JSON.parse(readFileSync(join(built.configDir, 'config.json'), 'utf8'))).toEqual({
      profiles: { ci: { timeout: 12 } },
    });
    expect(existsSync(join(built.configDir, 'state.json'))).toBe(false);
  });

  it('tools delete: a prompt, answered no, keeps the tool; yes deletes it', async () => {
    const made = buildRunContext(['service', 'state', 'prompts', 'env'], { service: service(), mode: 'quiet' });
    await (
      await runOf('tools create')
    )({ name: 'scratch', type: 'FUNCTION', input: false, ifMissing: false, file: undefined }, made.ctx);
    const id = made.stdout.text().trim();
    const deletes = () =>
      running.emulator.requests.filter((request) => request.method === 'DELETE' && request.path.includes(id));
    const declined = buildRunContext(['service', 'state', 'prompts'], {
      service: service(),
      answers: [{ ask: /^Delete tool scratch/, answer: false }],
    });
    await expect((await runOf('tools delete'))({ record: id }, declined.ctx)).rejects.toThrow('nothing deleted');
    expect(deletes()).toHaveLength(0);
    const confirmed = buildRunContext(['service', 'state', 'prompts'], {
      service: service(),
      answers: [{ ask: /^Delete tool scratch/, answer: true }],
    });
    await (
      await runOf('tools delete')
    )({ record: id }, confirmed.ctx);
    expect(confirmed.prompter?.asked).toHaveLength(1);
    expect(deletes()).toHaveLength(1);
    expect(confirmed.stderr.text()).toContain(`Deleted ${TOOL.noun} scratch (${id})`);
  });
});
