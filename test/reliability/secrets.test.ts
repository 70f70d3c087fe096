// The token is never printed, logged, or written anywhere but the 0600 config file,
// and never sent to a host other than the configured one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { loadSqlite } from '../../src/logs/sqlite.js';
import { runCli, tempConfigDir, type CliResult } from '../helpers/run-cli.js';
import { sendJson, startTestServer } from '../helpers/test-server.js';

const TOKEN = 'tok_secret_never_show_7f3a9c2e41';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ token: TOKEN });
});
afterAll(() => emulator.close());

describe('the token', () => {
  it('appears in no output, debug log, error or state file across a whole session', async () => {
    const configDir = tempConfigDir();
    const outputs: CliResult[] = [];
    const run = async (argv: string[], stdin?: string) => {
      const result = await runCli(argv, { configDir, stdin, env: { AGENTS_BASE_URL: emulator.url } });
      outputs.push(result);
      return result;
    };
    await run(['login', '--token-stdin', '--debug'], TOKEN);
    const id = (
      await run(['create', '-q', '--name', 'S', '--description', 'd', '--llm-model', 'GPT_4', '--debug'])
    ).stdout.trim();
    await run(['config', 'set', 'timeout', '30', '--debug']);
    await run(['status']);
    await run(['status', '--json']);
    await run(['get', id, '--json', '--debug']);
    await run(['invoke', id, 'hello', '--debug']);
    await run(['invoke', id, 'hello [[error]]', '--json', '--debug']);
    await run(['get', 'missing-agent', '--debug']);
    await run(['list', '--debug', '--base-url', 'http://127.0.0.1:9']); // refused: error path
    expect(outputs.filter((o) => o.code === 0).length).toBeGreaterThanOrEqual(7);

    for (const { stdout, stderr } of outputs) expect(stdout + stderr).not.toContain(TOKEN);
    expect(outputs.map((o) => o.stderr).join('')).toContain('authorization: Bearer [redacted]');

    const files = readdirSync(configDir);
    // The run log (Node 22.13+) keeps the invokes, and not the token.
    expect(files.sort()).toEqual(['config.json', ...(loadSqlite() ? ['logs.db'] : []), 'state.json']);
    if (loadSqlite()) expect(readFileSync(join(configDir, 'logs.db')).toString('latin1')).not.toContain(TOKEN);
    expect(readFileSync(join(configDir, 'state.json'), 'utf8')).not.toContain(TOKEN);
    expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toContain(TOKEN);
    for (const file of files) expect(statSync(join(configDir, file)).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
  });

  it('is only ever sent to the configured base URL', async () => {
    const elsewhere = await startTestServer((_q, s) => sendJson(s, 200, { success: true, data: [] }));
    try {
      const redirecting = await startTestServer((_q, s) => {
        s.writeHead(301, { location: `${elsewhere.url}/api/v1/agents` });
        s.end();
      });
      try {
        const result = await runCli(['list'], { env: { AGENTS_BASE_URL: redirecting.url, AGENTS_TOKEN: TOKEN } });
        expect(result.code).toBe(1);
        expect(redirecting.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
        expect(elsewhere.requests).toHaveLength(0);
      } finally {
        await redirecting.close();
      }
    } finally {
      await elsewhere.close();
    }
  });

  it('never travels over plain http to a non-loopback host without the opt-in', async () => {
    for (const argv of [['list'], ['login', '--token-stdin', '--skip-verify']]) {
      const result = await runCli(argv, {
        stdin: TOKEN,
        env: { AGENTS_BASE_URL: 'http://agents.internal.example', AGENTS_TOKEN: TOKEN },
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('refusing to send the token over plain http');
    }
  });
});
