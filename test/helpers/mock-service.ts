// The service as undici's MockAgent: a command run in-process against it sends its requests here
// and nowhere else, and a test reads back exactly what was sent. One per test (vitest hooks).
import { MockAgent } from 'undici';
import { afterEach, beforeEach } from 'vitest';
import { runCli, type RunOptions } from './run-cli.js';

export const ORIGIN = 'https://agents.example.com';
export const TOKEN = 'tok_mock_secret_0123456789';
export const AGENT = {
  id: '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11',
  name: 'Docs bot',
  description: 'answers',
  llmModel: 'GPT_4_0',
  isActive: true,
};

/** Sets up a fresh MockAgent around each test of the file that calls it. */
export function useMockService() {
  let agent: MockAgent;
  beforeEach(() => {
    agent = new MockAgent({ enableCallHistory: true });
    agent.disableNetConnect();
  });
  afterEach(() => agent.close());

  const calls = () => agent.getCallHistory()?.calls() ?? [];
  const run = (argv: string[], options: RunOptions = {}) =>
    runCli(argv, {
      ...options,
      dispatcher: agent,
      env: { AGENTS_BASE_URL: ORIGIN, AGENTS_TOKEN: TOKEN, ...options.env },
    });
  /** One answer to the next request of this method and path (query ignored), `times` times. */
  function reply(method: string, path: string, status: number, body: unknown, times = 1) {
    agent
      .get(ORIGIN)
      .intercept({ method, path: (p) => p.split('?')[0] === path })
      .reply(status, typeof body === 'string' ? body : JSON.stringify(body), {
        headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
      })
      .times(times);
  }
  return { calls, run, reply, pool: () => agent.get(ORIGIN) };
}
