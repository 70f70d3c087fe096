// apply, diff and export against the emulator in both modes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../emulator/server.js';
import { stackLockBase } from '../../provision/stack-lock.js';
import { useEmulatorPerTest } from '../../../test/helpers/emulator-env.js';
import { runCli } from '../../../test/helpers/run-cli.js';

const EXAMPLE = new URL('../../../test/fixtures/agents.yaml', import.meta.url).pathname;

for (const strict of [false, true]) {
  describe(`provisioning${strict ? ' (--strict)' : ''}`, () => {
    const running = useEmulatorPerTest(strict);

    const agents = async (argv: string[], stdin?: string) => {
      const result = await runCli(argv, { configDir: running.env.AGENTS_CONFIG_DIR!, stdin, env: running.env });
      return result;
    };
    const file = (text: string) => {
      const path = join(mkdtempSync(join(tmpdir(), 'agents-apply-')), 'agents.yaml');
      writeFileSync(path, text);
      return path;
    };
    const listJson = async () =>
      JSON.parse((await agents(['list', '--all', '--json'])).stdout) as Array<{
        id: string;
        name: string;
        description: string;
      }>;
    const counts = (json: string) =>
      JSON.parse(json) as { plan: Array<{ name: string; action: string; changed: string[] }>; results: unknown[] };

    it('creates from empty, then a second run plans and writes nothing', async () => {
      const first = await agents(['apply', '-f', EXAMPLE]);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('Plan: 2 to create, 0 to update, 0 unchanged');
      expect(first.stdout).toMatch(/✓ created Docs bot/);
      const created = await listJson();
      expect(created.map((a) => a.name).sort()).toEqual(['Docs bot', 'Weather bot']);
      const docs = JSON.parse((await agents(['get', created.find((a) => a.name === 'Docs bot')!.id, '--json'])).stdout);
      expect(docs.tools.map((t: { toolId: string }) => t.toolId)).toEqual([SEED.tools[0].id]);

      const before = running.emulator.requests.length;
      const second = await agents(['apply', '-f', EXAMPLE, '--json']);
      expect(second.code).toBe(0);
      expect(running.emulator.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
      const report = counts(second.stdout);
      expect(report.plan.map((p) => p.action)).toEqual(['unchanged', 'unchanged']);
      expect(report.results).toEqual([]);
      expect(await listJson()).toHaveLength(2);
    });

    it('updates only a changed field and attaches a new tool; diff says 1 before and 0 after', async () => {
      await agents(['apply', '-f', EXAMPLE]);
      const changed = file(`agents:
  - name: Weather bot
    description: Tells the weather, briefly
    llmModel: GPT_4
    tools: [${SEED.tools[2].id}, ${SEED.tools[1].id}]
`);
      const diff = await agents(['diff', '-f', changed]);
      expect(diff.code).toBe(1);
      expect(diff.stdout).toMatch(
        /~ update\s+Weather bot\n\s+description\s+"Tells the weather" → "Tells the weather, briefly"\n\s+\+ tool\s+code-interpreter \(5b0d6a7e…\)/,
      );
      const beforeDry = running.emulator.requests.length;
      const dry = await agents(['apply', '-f', changed, '--dry-run']);
      expect(dry.code).toBe(0);
      expect(running.emulator.requests.slice(beforeDry).filter((r) => r.method !== 'GET')).toEqual([]);
      expect((await listJson()).find((a) => a.name === 'Weather bot')!.description).toBe('Tells the weather');

      const applied = await agents(['apply', '-f', changed, '--json']);
      expect(counts(applied.stdout).plan[0]).toMatchObject({ action: 'update', changed: ['description'] });
      expect((await listJson()).find((a) => a.name === 'Weather bot')!.description).toBe('Tells the weather, briefly');
      expect((await agents(['diff', '-f', changed])).code).toBe(0);
    });

    it('a bad field fails before any request, naming the file, the agent, the field and the line', async () => {
      const bad = file(`agents:
  - name: Good
    description: fine
    llmModel: GPT_4
  - name: Broken
    description: fine
    llmModel: GPT_4
    isActive: sometimes
    colour: blue
`);
      const result = await agents(['apply', '-f', bad]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${bad}:8: agent "Broken": isActive: must be true or false`);
      expect(result.stderr).toContain(`${bad}:9: agent "Broken": unknown field colour`);
      expect(await listJson()).toEqual([]);
    });

    it('a name that matches two existing agents is an error for that agent, not a guess; nothing is written', async () => {
      for (let i = 0; i < 2; i++)
        await agents(['create', '--name', 'Twin', '--description', 'd', '--llm-model', 'GPT_4']);
      const twins = file(
        'agents:\n  - {name: Twin, description: d, llmModel: GPT_4}\n  - {name: Single, description: d, llmModel: GPT_4}\n',
      );
      const result = await agents(['apply', '-f', twins]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`Twin: ${twins}:2: 2 existing agents are named "Twin"`); // file:line, as every provisioning error
      expect((await listJson()).filter((a) => a.name === 'Single')).toHaveLength(0);
      expect((await agents(['diff', '-f', twins])).code).toBe(2);
    });

    it('a plan with a problem is not started: every bad reference is listed at its line, in line order, and nothing is written', async () => {
      const broken = file(`agents:
  - name: Two
    description: d
    llmModel: GPT_4
    tools:
      - no-such-tool
    datasources:
      - no-such-datasource
  - {name: One, description: d, llmModel: GPT_4}
  - {name: Three, description: d, llmModel: GPT_4, tools: [missing-too]}
`);
      const result = await agents(['apply', '-f', broken, '--concurrency', '2']);
      expect(result.code).toBe(5);
      expect(result.stderr).toBe(
        [
          'error: 3 problems in the plan; nothing was applied',
          `  Two: ${broken}:6: tool "no-such-tool" not found: not in the file, and no tool has that id, name or id prefix`,
          `  Two: ${broken}:8: datasource "no-such-datasource" not found: not in the file, and no datasource has that id, name or id prefix`,
          `  Three: ${broken}:10: tool "missing-too" not found: not in the file, and no tool has that id, name or id prefix`,
          '',
        ].join('\n'),
      );
      expect(await listJson()).toEqual([]);
      // Re-running fails the same way and still writes nothing.
      const again = await agents(['apply', '-f', broken]);
      expect(again.code).toBe(result.code);
      expect(again.stdout).toContain('Plan: 1 to create, 0 to update, 0 unchanged, 2 in error');
      expect(await listJson()).toEqual([]);
    });

    it('export then apply gives no changes', async () => {
      await agents(['apply', '-f', EXAMPLE]);
      const exported = await agents(['export', '--all']);
      expect(exported.code).toBe(0);
      expect(exported.stdout).toContain('name: Docs bot');
      const roundTrip = file(exported.stdout);
      const diff = await agents(['diff', '-f', roundTrip]);
      expect(diff.stdout).toContain('Plan: 0 to create, 0 to update, 9 unchanged'); // 2 agents, and the 3 tools, 2 datasources and 2 LLMs export --all writes too
      expect(diff.code).toBe(0);
    });

    it('reads a folder and stdin', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'agents-dir-'));
      writeFileSync(join(dir, 'a.yaml'), 'name: A\ndescription: d\nllmModel: GPT_4\n');
      writeFileSync(join(dir, 'b.json'), JSON.stringify([{ name: 'B', description: 'd', llmModel: 'GPT_4' }]));
      writeFileSync(join(dir, 'notes.txt'), 'ignored');
      expect((await agents(['apply', '-f', dir])).code).toBe(0);
      expect(
        (
          await agents(
            ['apply', '-f', '-'],
            JSON.stringify({ agents: [{ name: 'C', description: 'd', llmModel: 'GPT_4' }] }),
          )
        ).code,
      ).toBe(0);
      expect((await listJson()).map((a) => a.name).sort()).toEqual(['A', 'B', 'C']);
    });

    it.skipIf(strict || process.platform === 'win32')(
      'a folder: a pipe or a link loop named *.yaml is skipped with a warning, not waited on; a loop given is named in words',
      async () => {
        const dir = mkdtempSync(join(tmpdir(), 'agents-dir-'));
        writeFileSync(join(dir, 'a.yaml'), 'name: A\ndescription: d\nllmModel: GPT_4\n');
        execFileSync('mkfifo', [join(dir, 'b.yaml')]);
        symlinkSync(join(dir, 'loop.yaml'), join(dir, 'loop.yaml'));
        const planned = await agents(['diff', '-f', dir]);
        expect(planned.code).toBe(1); // A would be created
        expect(planned.stderr).toContain(`skipped ${join(dir, 'b.yaml')}: not a regular file`);
        expect(planned.stderr).toContain(
          `skipped ${join(dir, 'loop.yaml')}: a symbolic link that leads back to itself`,
        );
        const loop = await agents(['diff', '-f', join(dir, 'loop.yaml')]);
        expect([loop.code, loop.stderr.split('\n')[0]]).toEqual([
          2,
          `error: cannot read -f ${join(dir, 'loop.yaml')}: a symbolic link that leads back to itself`,
        ]);
      },
    );

    it('four applies of one stack at once create each record once: the others wait, then find them', async () => {
      const runs = await Promise.all([1, 2, 3, 4].map(() => agents(['apply', '-f', EXAMPLE, '-q'])));
      expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
      expect((await listJson()).map((a) => a.name).sort()).toEqual(['Docs bot', 'Weather bot']);
    });

    it('applies of two suffixes at once make two copies; two of one suffix make it once', async () => {
      const apply = (suffix: string) => agents(['apply', '-f', EXAMPLE, '-q', '--suffix', suffix]);
      const runs = await Promise.all([apply('-pr-1'), apply('-pr-2'), apply('-pr-1'), apply('-pr-2')]);
      expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
      expect((await listJson()).map((a) => a.name).sort()).toEqual([
        'Docs bot-pr-1',
        'Docs bot-pr-2',
        'Weather bot-pr-1',
        'Weather bot-pr-2',
      ]);
    });

    it.skipIf(strict)(
      'a run that waits for the stack says so on stderr, then applies when the other is done',
      async () => {
        const base = stackLockBase({
          configDir: running.env.AGENTS_CONFIG_DIR!,
          baseUrl: running.env.AGENTS_BASE_URL!,
          files: [EXAMPLE],
          suffix: undefined,
        });
        mkdirSync(running.env.AGENTS_CONFIG_DIR!, { recursive: true });
        writeFileSync(`${base}.lock`, `${process.pid} another-apply`); // a live holder: this process
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const waiting = runCli(['apply', '-f', EXAMPLE], {
          env: running.env,
          onStderr: (text) => {
            if (text.includes('waiting for another agents apply')) {
              expect(running.emulator.requests.filter((r) => r.method === 'POST')).toEqual([]);
              rmSync(`${base}.lock`);
              release();
            }
          },
        });
        await released;
        const result = await waiting;
        expect(result.code).toBe(0);
        expect(result.stderr).toContain(
          `waiting for another agents apply or destroy of ${EXAMPLE} against ${running.env.AGENTS_BASE_URL}`,
        );
        expect((await listJson()).map((a) => a.name).sort()).toEqual(['Docs bot', 'Weather bot']);
      },
    );
  });
}

describe('diff exit codes', () => {
  it('a failure other commands report as 1 exits 7', async () => {
    const result = await runCli(['diff', '-f', EXAMPLE], {
      env: { AGENTS_BASE_URL: 'http://127.0.0.1:9', AGENTS_TOKEN: 'tok_diff_0123456789' },
    });
    expect(result.code).toBe(3); // unreachable keeps its code
    const { startTestServer, sendText } = await import('../../../test/helpers/test-server.js');
    // Lists answer (the token is accepted), everything else fails: a service failure, not a rejected token.
    const broken = await startTestServer((q, s) =>
      q.url?.includes('take=1') ? void s.end('{"success":true,"data":[]}') : sendText(s, 500, 'Internal Server Error'),
    );
    try {
      const failed = await runCli(['diff', '-f', EXAMPLE], {
        env: { AGENTS_BASE_URL: broken.url, AGENTS_TOKEN: 'tok_diff_0123456789' },
      });
      expect(failed.code).toBe(7);
      expect(failed.stderr).toContain('HTTP 500');
    } finally {
      await broken.close();
    }
  });
});
