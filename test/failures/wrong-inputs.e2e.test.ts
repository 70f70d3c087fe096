// inputs that are wrong, and a terminal that waits. A broken JSON schema is never
// sent as text; declining a confirmation is 1, not 130 (see test/prompts/flows.test.ts for the prompts);
// reading --input-file - from a terminal says how to end it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from '../helpers/binary.js';
import { createAgent } from '../helpers/emulator-agent.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';
import { python, runInPty, KEY } from '../helpers/pty.js';

const running = useEmulatorEnv();
let agentId: string;
beforeAll(async () => {
  agentId = await createAgent(running.env, 'Inputs');
});
const invokes = () => running.emulator.requests.filter((r) => r.path.endsWith('/invoke')).length;

describe('--output-schema that is not valid JSON', () => {
  it('is exit 2 naming the position, and nothing is sent; the same from @file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-schema-'));
    writeFileSync(join(dir, 'schema.json'), '{"type":"object",}');
    const before = invokes();
    for (const schema of ['{"type":"object",}', `@${join(dir, 'schema.json')}`]) {
      const result = await runBinary(['invoke', agentId, 'hi', '--output-schema', schema], { env: running.env });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^error: --output-schema (\S+ )?is not valid JSON: .*position 17/);
    }
    expect(invokes()).toBe(before);
  });

  it('free text without quotes is still sent as the service takes it', async () => {
    const result = await runBinary(['invoke', agentId, 'hi', '--output-schema', '[{title: string}]'], {
      env: running.env,
    });
    expect(result.code, result.stderr).toBe(0);
  });
});

describe('declining a confirmation', () => {
  it('tools delete answered no is exit 1 with "nothing deleted" (a terminal: the built binary in a pty)', async () => {
    if (!python()) return;
    const tool = (
      await runCli(['tools', 'create', '-q', '--name', 'keep-me', '--type', 'HTTP'], { env: running.env })
    ).stdout.trim();
    const result = await runInPty(
      ['tools', 'delete', tool],
      [{ expect: 'Delete tool', send: `n${KEY.enter}` }],
      running.env,
    );
    expect(result.code).toBe(1);
    expect(result.screen).toContain('nothing deleted: kept tool keep-me');
    expect((await runBinary(['tools', 'get', tool, '-q'], { env: running.env })).code).toBe(0);
  });
});

describe.skipIf(!python())('--input-file - on a terminal', () => {
  it('says on stderr that it reads until Ctrl-D, then sends what was typed', async () => {
    const result = await runInPty(
      ['invoke', agentId, '--input-file', '-', '--no-stream'],
      [{ expect: 'until Ctrl-D', send: `typed here${KEY.enter}${KEY.ctrlD}` }],
      running.env,
    );
    expect(result.failure).toBeNull();
    expect(result.code).toBe(0);
    expect(result.screen).toContain('You said: "typed here');
  });
});
