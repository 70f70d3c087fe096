// `agents emulator` run in-process: it prints where it listens, serves the API with its token
// until stopped, and exits 0 when stopped.
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { run } from '../../cli.js';
import { captureStream, stdinFrom } from '../../../test/helpers/streams.js';
import { tempConfigDir } from '../../../test/helpers/run-cli.js';
import { untilText } from '../../../test/helpers/until.js';

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
    await untilText(stdout, '\n');
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

describe('emulator token and --env-out', () => {
  it('makes a new random token each start, writes --env-out 0600 once listening, and removes it when stopped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-emu-env-'));
    const envOut = join(dir, 'emulator.env');
    writeFileSync(envOut, 'AGENTS_BASE_URL=http://127.0.0.1:1\nAGENTS_TOKEN=stale-token-of-an-old-run\n', {
      mode: 0o644,
    });
    const tokens: string[] = [];
    for (const round of [1, 2]) {
      const stop = new AbortController();
      const stdout = captureStream();
      const deps = {
        stdout,
        stderr: captureStream(),
        stdin: stdinFrom(),
        env: { AGENTS_CONFIG_DIR: tempConfigDir() },
        signal: stop.signal,
      };
      const running = run(['emulator', '--port', '0', '--env-out', envOut], deps);
      await once(stdout as unknown as NodeJS.EventEmitter, 'data'); // the file is written before stdout's first line
      const printed = stdout.text();
      const written = readFileSync(envOut, 'utf8');
      expect(written, `round ${round}`).toBe(printed);
      expect(statSync(envOut).mode & 0o777).toBe(0o600);
      tokens.push(/AGENTS_TOKEN=(\S+)/.exec(written)![1]!);
      stop.abort();
      expect(await running).toBe(0);
      expect(existsSync(envOut)).toBe(false);
    }
    expect(tokens[0]).toMatch(/^emu_[\w-]{24}$/);
    expect(tokens[1]).not.toBe(tokens[0]);
  });
});
