// `agents emulator` run in-process: it prints where it listens, serves the API with its token
// until stopped, and exits 0 when stopped.
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { run } from '../../cli.js';
import { captureStream, stdinFrom } from '../../../test/helpers/streams.js';
import { tempConfigDir } from '../../../test/helpers/run-cli.js';

describe('emulator', () => {
  it('prints its address and token as JSON, answers with that token, and stops cleanly', async () => {
    const stop = new AbortController();
    const stdout = captureStream();
    const stderr = captureStream();
    const deps = {
      stdout,
      stderr,
      stdin: stdinFrom(),
      env: { AGENTS_CONFIG_DIR: tempConfigDir() },
      signal: stop.signal,
    };
    const running = run(['emulator', '--port', '0', '--json'], deps);
    for (let i = 0; i < 250 && !stdout.text().includes('\n'); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const { baseUrl, token } = JSON.parse(stdout.text().split('\n')[0]!) as { baseUrl: string; token: string };
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const authorized = await request(`${baseUrl}/api/v1/agents?skip=0&take=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(authorized.statusCode).toBe(200);
    await authorized.body.dump();
    const refused = await request(`${baseUrl}/api/v1/agents?skip=0&take=1`);
    expect(refused.statusCode).not.toBe(200);
    await refused.body.dump();

    stop.abort();
    expect(await running).toBe(0);
  });
});
