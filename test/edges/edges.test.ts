// Issue 20, the rows done so far (each fails on the main before it): provisioning files at their
// edges, a pasted base URL, a strict server's 404 on attach, and many requests at once.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runBinary } from '../helpers/binary.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';

const running = useEmulatorEnv();
const agents = (...argv: string[]) => runCli(argv, { env: running.env, configDir: running.env.AGENTS_CONFIG_DIR });
const tempDir = () => mkdtempSync(join(tmpdir(), 'agents-edges-'));

/** Nine levels of "billion laughs": each alias list multiplies the one before by nine. */
function aliasBomb(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let level = 1; level <= 8; level++) {
    const previous = String.fromCharCode(96 + level);
    const name = String.fromCharCode(97 + level);
    lines.push(`${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(',')}]`);
  }
  return lines.join('\n') + '\n';
}

describe('provisioning files at their edges (rows 3 and 5)', () => {
  it.each([
    ['apply -f', (file: string) => ['apply', '-f', file]],
    ['diff -f', (file: string) => ['diff', '-f', file]],
    ['create -f', (file: string) => ['create', '-f', file]],
  ])('a YAML alias bomb given to %s is exit 2 naming the file, not an unexpected failure', async (_name, argv) => {
    const file = join(tempDir(), 'bomb.yaml');
    writeFileSync(file, aliasBomb());
    const result = await agents(...argv(file));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file} cannot be read: Excessive alias count`);
    expect(result.stderr).not.toContain('unexpected failure');
  });

  it("a folder's hidden files (an editor's lock, macOS's ._ files) are skipped", async () => {
    const dir = join(tempDir(), 'stack');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.yaml'), 'agents:\n  - name: Hidden files\n    description: d\n    llmModel: GPT_4\n');
    symlinkSync('user@host.1234:1700000000', join(dir, '.#a.yaml')); // Emacs: a dangling link
    writeFileSync(join(dir, '._a.yaml'), Buffer.from([0x00, 0x05, 0x16, 0x07, 0xff])); // AppleDouble
    const result = await agents('diff', '-f', dir, '--json');
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout).plan.map((p: { name: string }) => p.name)).toEqual(['Hidden files']);
  });
});

describe('a base URL pasted from the API docs (row 12)', () => {
  it.each(['/api/v1/agents', '/api/v1/agents/', '/api/v1'])('…%s is the service address, not a doubled path', async (suffix) => {
    const result = await runCli(['list', '--json'], { env: { AGENTS_BASE_URL: running.env.AGENTS_BASE_URL + suffix, AGENTS_TOKEN: running.env.AGENTS_TOKEN } });
    expect(result.code).toBe(0);
    expect(Array.isArray(JSON.parse(result.stdout))).toBe(true);
  });
});

describe('many requests at once (row 7)', () => {
  it('apply --concurrency 30 prints no MaxListenersExceededWarning (each request has its own signal)', async () => {
    const file = join(tempDir(), 'many.json');
    const many = Array.from({ length: 40 }, (_v, i) => ({ name: `many-${i}`, description: 'd', llmModel: 'GPT_4' }));
    writeFileSync(file, JSON.stringify({ agents: many }));
    const result = await runBinary(['apply', '-f', file, '--concurrency', '30', '-q'], { env: running.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('--strict: add-tool with an id that does not exist (row 18)', () => {
  let strict: RunningEmulator;
  beforeAll(async () => {
    strict = await startEmulator({ strict: true, tokenDelayMs: 0 });
  });
  afterAll(() => strict.close());

  it('points at how to find the tool, not only at the agent list', async () => {
    const env = { AGENTS_BASE_URL: strict.url, AGENTS_TOKEN: strict.token, AGENTS_CONFIG_DIR: tempConfigDir() };
    const id = (await runCli(['create', '-q', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_4'], { env })).stdout.trim();
    const result = await runCli(['add-tool', id, 'nope'], { env });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe('error: tool nope not found\n`agents list` shows the agents you can reach. Leave the id out on a terminal to pick from the tools the service has.\n');
  });
});

describe('profile names (row 13)', () => {
  it.each(['__proto__', ' ', '-x', '..', 'constructor/../x'])('--profile %j is refused with exit 2, nothing stored', async (name) => {
    const dir = tempConfigDir();
    const result = await runCli(['login', '--profile', name, '--base-url', 'https://agents.example.com', '--token-stdin', '--skip-verify'], { configDir: dir, stdin: 'tok_profile_0123456789\n' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is not a profile name/);
  });

  it('a profile named like an Object method is just a profile', async () => {
    const dir = tempConfigDir();
    expect((await runCli(['status', '--json', '--profile', 'constructor'], { configDir: dir })).stdout).toContain('"baseUrl": null');
  });

  it('an unknown AGENTS_PROFILE names itself and the profiles there are', async () => {
    const dir = tempConfigDir();
    await runCli(['login', '--profile', 'staging', '--base-url', 'https://agents.example.com', '--token-stdin', '--skip-verify'], { configDir: dir, stdin: 'tok_profile_0123456789\n' });
    const result = await runCli(['list'], { configDir: dir, env: { AGENTS_PROFILE: 'stagng' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: no profile "stagng" in ${join(dir, 'config.json')}\nProfiles there: staging. Create it with \`agents login --profile stagng\`.\n`);
  });
});

describe('an --llm-model this CLI does not know (row 16)', () => {
  it('is exit 2 with the nearest names, before any request', async () => {
    const before = running.emulator.requests.length;
    const result = await agents('create', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_4_TURBOO');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: unknown --llm-model "GPT_4_TURBOO"; did you mean GPT_4_TURBO, /);
    expect(result.stderr).toContain('--allow-unknown-model');
    expect(running.emulator.requests.length).toBe(before);
  });

  it('--allow-unknown-model sends it, for a server that knows newer models', async () => {
    const result = await agents('create', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_5', '--llm-provider', 'OPENAI', '--allow-unknown-model');
    expect(result.code).toBe(1); // this emulator, like the real service, does not know it: a plain 500
    expect(result.stderr).toContain('HTTP 500: Internal Server Error');
  });
});

describe('proxies (row 11)', () => {
  /** A forward proxy that tunnels CONNECT, as corporate proxies do, and counts the tunnels. */
  async function startProxy(): Promise<{ url: string; tunnels: string[]; server: Server }> {
    const tunnels: string[] = [];
    const server = createServer((_req, res) => res.writeHead(405).end());
    server.on('connect', (req, client, head) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = connect(Number(port), host!, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tunnels, server };
  }

  it('requests go through HTTP_PROXY (undici loaded file by file still gives its agents their API)', async () => {
    const proxy = await startProxy();
    try {
      const result = await runBinary(['list', '--json'], { env: { ...running.env, HTTP_PROXY: proxy.url } });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(proxy.tunnels).toEqual([new URL(running.env.AGENTS_BASE_URL!).host]);
    } finally {
      proxy.server.closeAllConnections();
      proxy.server.close();
    }
  });

  it('a proxy that refuses is named, not the service', async () => {
    const result = await runBinary(['list'], { env: { ...running.env, HTTP_PROXY: 'http://127.0.0.1:1' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: could not reach the proxy 127\.0\.0\.1:1 \(HTTP_PROXY\) on the way to 127\.0\.0\.1:\d+\n/);
  });

  it('HTTP_PROXY that is not a URL is exit 2 naming it', async () => {
    const result = await runBinary(['list'], { env: { ...running.env, HTTP_PROXY: 'notaurl' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: HTTP_PROXY "notaurl" is not a URL\n/);
  });
});

describe('TLS to a plain-HTTP server (row 14)', () => {
  it('says the server speaks plain HTTP, not an OpenSSL line', async () => {
    const httpsUrl = running.env.AGENTS_BASE_URL!.replace('http://', 'https://');
    const result = await runBinary(['list'], { env: { ...running.env, AGENTS_BASE_URL: httpsUrl } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: 127\.0\.0\.1:\d+ speaks plain HTTP, not HTTPS\nUse http:\/\/ in --base-url/);
  });
});

describe('provisioning files: merge keys, unknown top-level keys, empty plans (row 4)', () => {
  it('YAML merge keys (<<: *defaults) are read, with the anchor under an x- key', async () => {
    const file = join(tempDir(), 'merge.yaml');
    writeFileSync(file, 'x-defaults: &defaults\n  description: shared\n  llmModel: GPT_4\nagents:\n  - <<: *defaults\n    name: Merged one\n  - <<: *defaults\n    name: Merged two\n');
    const result = await agents('diff', '-f', file, '--json');
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout).plan.map((p: { name: string }) => p.name)).toEqual(['Merged one', 'Merged two']);
  });

  it('unknown top-level keys are errors naming file:line; x- keys are not', async () => {
    const file = join(tempDir(), 'unknown.yaml');
    writeFileSync(file, 'version: 2\nx-notes: fine\nagents:\n  - name: A\n    description: d\n    llmModel: GPT_4\n');
    const result = await agents('diff', '-f', file);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:1: unknown top-level key "version"`);
    expect(result.stderr).not.toContain('x-notes');
  });

  it('a single-agent document with an extra agents: [] key is an error, not an empty plan', async () => {
    const file = join(tempDir(), 'single.yaml');
    writeFileSync(file, 'name: Lost\ndescription: d\nllmModel: GPT_4\nagents: []\n');
    const result = await agents('diff', '-f', file);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown top-level key "name"');
  });

  it('an empty plan is said on stderr', async () => {
    const file = join(tempDir(), 'empty.yaml');
    writeFileSync(file, 'agents: []\n');
    const result = await agents('diff', '-f', file);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`warning: ${file} declares no agents: nothing to plan`);
  });
});

describe('--output-schema given a file name without @ (row 15)', () => {
  it('is exit 2 suggesting @FILE; nothing is sent', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'schema.json'), '{"type":"object"}');
    const before = running.emulator.requests.length;
    const previous = process.cwd();
    process.chdir(dir);
    try {
      const result = await agents('invoke', 'a1', 'hi', '--output-schema', 'schema.json');
      expect(result.code).toBe(2);
      expect(result.stderr).toBe('error: --output-schema "schema.json" is the name of a file, not a schema\nPass --output-schema @schema.json to read it.\n');
    } finally {
      process.chdir(previous);
    }
    expect(running.emulator.requests.length).toBe(before);
  });
});
