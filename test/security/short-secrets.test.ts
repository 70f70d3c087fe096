// A secret shorter than 8 characters is refused where it enters, and the scrubber never replaces
// one: with a token "am" or "test", every "name" and "latest" of an answer, a JSON key and an
// exported YAML file would be rewritten (docs/security.md, rule 3).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH, REDACTED, acceptSecret, rememberSecret, scrubSecrets } from '../../src/secrets/known.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';

const running = useEmulatorEnv();

describe('the scrubber', () => {
  it('never replaces text shorter than 8 characters, and still replaces a secret of 8', () => {
    rememberSecret('am');
    rememberSecret('test');
    rememberSecret('1234567'); // 7
    const text = 'I am the latest test: name, "name": 1234567';
    expect(scrubSecrets(text)).toBe(text);
    rememberSecret('12345678');
    expect(scrubSecrets('id 12345678.')).toBe(`id ${REDACTED}.`);
    expect(MIN_SECRET_LENGTH).toBe(8);
  });

  it('acceptSecret refuses a short one with the kind it is given, naming where it came from', () => {
    expect(() => acceptSecret('short', 'AGENTS_X', 'auth')).toThrow(
      expect.objectContaining({ kind: 'auth', message: 'AGENTS_X is shorter than 8 characters' }),
    );
    expect(() => acceptSecret('short', 'the key')).toThrow(expect.objectContaining({ kind: 'usage' }));
    expect(acceptSecret('long-enough', 'the key')).toBe('long-enough');
    expect(scrubSecrets('a long-enough b')).toBe(`a ${REDACTED} b`);
  });
});

describe('where a secret enters', () => {
  const tooShort = /is shorter than 8 characters/;

  it('AGENTS_TOKEN: exit 4, nothing sent', async () => {
    const before = running.emulator.requests.length;
    const result = await runCli(['list'], { env: { ...running.env, AGENTS_TOKEN: 'am' } });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: AGENTS_TOKEN is shorter than 8 characters\n/);
    expect(running.emulator.requests.length).toBe(before);
  });

  it('login --token-stdin: a short token and a non-ASCII one are both exit 4, nothing saved', async () => {
    const env = { ...running.env, AGENTS_TOKEN: '' };
    const short = await runCli(['login', '--token-stdin'], { env, stdin: 'test\n' });
    expect(short.code).toBe(4);
    expect(short.stderr).toMatch(/the token on standard input is shorter than 8 characters/);
    const accented = await runCli(['login', '--token-stdin'], { env, stdin: 'tökenabcdefgh\n' });
    expect(accented.code).toBe(4);
    expect(accented.stderr).toContain('holds a character no token has (U+00F6 at position 2)');
  });

  it('a short token saved by an earlier version: exit 4 where it would be sent, and login still replaces it', async () => {
    const configDir = tempConfigDir();
    mkdirSync(configDir, { recursive: true });
    const saved = { profiles: { default: { baseUrl: running.emulator.url, token: 'short' } } };
    writeFileSync(join(configDir, 'config.json'), JSON.stringify(saved));
    const env = { AGENTS_TOKEN: '', AGENTS_BASE_URL: '' };
    const listed = await runCli(['list'], { env, configDir });
    expect(listed.code).toBe(4);
    expect(listed.stderr).toMatch(/^error: the token of profile "default" in .* is shorter than 8 characters/);
    const login = await runCli(['login', '--token-stdin'], { env, configDir, stdin: `${running.emulator.token}\n` });
    expect(login.code, login.stderr).toBe(0);
    expect((await runCli(['list', '-q'], { env, configDir })).code).toBe(0);
  });

  it('emulator --token: shorter than 8 or with a space is exit 4, before it listens', async () => {
    for (const token of ['test', 'a b c d e f g h']) {
      const result = await runCli(['emulator', '--port', '0', '--token', token]);
      expect(result.code, token).toBe(4);
      expect(result.stdout).toBe('');
    }
  });

  it('an LLM key (AGENTS_LLM_API_KEY) and a proxy password: exit 2 naming them', async () => {
    const key = await runCli(['llms', 'create', '--provider', 'OPENAI'], {
      env: { ...running.env, AGENTS_LLM_API_KEY: 'sk-1' },
    });
    expect(key.code).toBe(2);
    expect(key.stderr).toMatch(/^error: AGENTS_LLM_API_KEY is shorter than 8 characters/);
    const proxy = await runCli(['list', '--base-url', 'https://agents.example.com'], {
      env: { ...running.env, HTTPS_PROXY: 'http://me:pw@proxy.example:8080' },
    });
    expect(proxy.code).toBe(2);
    expect(proxy.stderr).toMatch(/the proxy password in HTTPS_PROXY is shorter than 8 characters/);
  });

  it('a key a stack file reads: exit 2 naming the variable, nothing applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-short-'));
    writeFileSync(join(dir, 'stack.yaml'), 'llms:\n  - provider: OPENAI\n    apiKeyEnv: AGENTS_KEY_OPENAI\n');
    const before = running.emulator.requests.filter((r) => r.method !== 'GET').length;
    const result = await runCli(['apply', '-f', join(dir, 'stack.yaml')], {
      env: { ...running.env, AGENTS_KEY_OPENAI: 'sk' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(tooShort);
    expect(result.stderr).toContain('AGENTS_KEY_OPENAI');
    expect(running.emulator.requests.filter((r) => r.method !== 'GET').length).toBe(before);
  });
});
