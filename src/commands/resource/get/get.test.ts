// `agents get`'s run, called in-process with fakes: a Context over captured streams and undici's
// MockAgent as the network. Its arguments and options come already read by its spec.
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Context } from '../../../context.js';
import type { GlobalOptions } from '../../../definition/global-flags.js';
import { captureStream, stdinFrom } from '../../../../test/helpers/streams.js';
import { tempConfigDir } from '../../../../test/helpers/run-cli.js';
import { AGENT } from '../../../resources/agent.js';
import { getRun } from './run.js';
import { getSpec } from './definition.js';
import { loadZod } from '../../../util/zod.js';
import { lineGlobals } from '../../../../test/helpers/globals.js';

const run = getRun(AGENT);
// The program loads zod before it reads a flag (commands/program.ts); a run called alone, here too.
await loadZod();

const ORIGIN = 'http://127.0.0.1:9';
const ID = '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11';
const GLOBALS = lineGlobals({ input: false });

let network: MockAgent;
beforeEach(() => {
  network = new MockAgent();
  network.disableNetConnect();
});
afterEach(() => network.close());

function contextWith(globals: Partial<GlobalOptions>) {
  const stdout = captureStream();
  const deps = {
    stdout,
    stderr: captureStream(),
    stdin: stdinFrom(),
    env: { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: ORIGIN, AGENTS_TOKEN: 'tok_test_0123456789' },
    dispatcher: network,
  };
  return { ctx: new Context(deps, { ...GLOBALS, ...globals }, { stdout: false, stderr: false }), stdout };
}

function serveAgent(times = 1) {
  const agent = {
    id: ID,
    name: 'Docs bot',
    llmModel: 'GPT_4',
    llms: [{ llmId: 'l1', llm: { provider: 'OPENAI', apiKey: 'sk-live-99' } }],
  };
  network
    .get(ORIGIN)
    .intercept({ method: 'GET', path: `/api/v1/agents/${ID}` })
    .reply(200, JSON.stringify({ success: true, data: agent }), { headers: { 'content-type': 'application/json' } })
    .times(times);
}

describe('get, run in-process', () => {
  it('has one argument, the agent, that may be left out (a terminal then asks), and no flags', () => {
    const spec = getSpec(AGENT);
    expect(spec.path).toBe('get');
    expect(spec.args.map((arg) => [arg.label, arg.required, arg.variadic])).toEqual([['agent', false, false]]);
    expect(spec.flags).toEqual({});
  });

  it('prints the detail view with the linked LLM, its key never shown', async () => {
    serveAgent();
    const { ctx, stdout } = contextWith({});
    await run({ record: ID }, ctx);
    expect(stdout.text()).toMatch(/name\s+Docs bot/);
    expect(stdout.text()).toMatch(/llms\n\s+l1\s+OPENAI/);
    expect(stdout.text()).not.toContain('sk-live-99');
  });

  it('prints the document with --json and the id with -q', async () => {
    serveAgent(2);
    const json = contextWith({ json: true });
    await run({ record: ID }, json.ctx);
    expect(JSON.parse(json.stdout.text())).toMatchObject({ id: ID, llms: [{ llm: { apiKey: '[redacted]' } }] });
    const quiet = contextWith({ quiet: true });
    await run({ record: ID }, quiet.ctx);
    expect(quiet.stdout.text()).toBe(`${ID}\n`);
  });
});
