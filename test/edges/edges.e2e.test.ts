// Provisioning files at their edges, apply
// when the service fails part-way, diff's output, proxies, base URLs, profiles, models, and the
// emulator on an open address. The completion install lines are in test/completion, the
// documentation's examples in test/docs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, SEED, startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { BIN, runBinary } from '../helpers/binary.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { sendJson, startTestServer } from '../helpers/test-server.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';
import { python, runInPty } from '../helpers/pty.js';
import { renderScreen } from '../helpers/screen.js';

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

describe('provisioning files at their edges', () => {
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

describe('a base URL pasted from the API docs', () => {
  it.each(['/api/v1/agents', '/api/v1/agents/', '/api/v1'])(
    '…%s is the service address, not a doubled path',
    async (suffix) => {
      const result = await runCli(['list', '--json'], {
        env: { AGENTS_BASE_URL: running.env.AGENTS_BASE_URL + suffix, AGENTS_TOKEN: running.env.AGENTS_TOKEN },
      });
      expect(result.code).toBe(0);
      expect(Array.isArray(JSON.parse(result.stdout))).toBe(true);
    },
  );
});

describe('many requests at once', () => {
  it('apply --concurrency 30 prints no MaxListenersExceededWarning (each request has its own signal)', async () => {
    const file = join(tempDir(), 'many.json');
    const many = Array.from({ length: 40 }, (_v, i) => ({ name: `many-${i}`, description: 'd', llmModel: 'GPT_4' }));
    writeFileSync(file, JSON.stringify({ agents: many }));
    const result = await runBinary(['apply', '-f', file, '--concurrency', '30', '-q'], { env: running.env });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('--strict: add-tool with an id that does not exist', () => {
  let strict: RunningEmulator;
  beforeAll(async () => {
    strict = await startEmulator({ strict: true, tokenDelayMs: 0 });
  });
  afterAll(() => strict.close());

  it('points at how to find the tool, not only at the agent list', async () => {
    const env = { AGENTS_BASE_URL: strict.url, AGENTS_TOKEN: strict.token, AGENTS_CONFIG_DIR: tempConfigDir() };
    const id = (
      await runCli(['create', '-q', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_4'], { env })
    ).stdout.trim();
    const result = await runCli(['add-tool', id, 'nope'], { env });
    expect(result.code).toBe(5);
    // "nope" is no id, name or prefix of a tool: found out from the tool list, before any write.
    expect(result.stderr).toBe(
      'error: tool "nope" not found: no tool has that id, name or id prefix\n`agents tools list` shows them.\n',
    );
  });
});

describe('profile names', () => {
  it.each(['__proto__', ' ', '-x', '..', 'constructor/../x'])(
    '--profile %j is refused with exit 2, nothing stored',
    async (name) => {
      const dir = tempConfigDir();
      const result = await runCli(
        ['login', '--profile', name, '--base-url', 'https://agents.example.com', '--token-stdin', '--skip-verify'],
        {
          configDir: dir,
          stdin: 'tok_profile_0123456789\n',
        },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/is not a profile name/);
    },
  );

  it('a profile named like an Object method is just a profile', async () => {
    const dir = tempConfigDir();
    expect((await runCli(['status', '--json', '--profile', 'constructor'], { configDir: dir })).stdout).toContain(
      '"baseUrl": null',
    );
  });

  it('an unknown AGENTS_PROFILE names itself and the profiles there are', async () => {
    const dir = tempConfigDir();
    await runCli(
      ['login', '--profile', 'staging', '--base-url', 'https://agents.example.com', '--token-stdin', '--skip-verify'],
      {
        configDir: dir,
        stdin: 'tok_profile_0123456789\n',
      },
    );
    const result = await runCli(['list'], { configDir: dir, env: { AGENTS_PROFILE: 'stagng' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: no profile "stagng" in ${join(dir, 'config.json')}\nProfiles there: staging. Create it with \`agents login --profile stagng\`.\n`,
    );
  });
});

describe('an --llm-model this CLI does not know', () => {
  it('is exit 2 with the nearest names, before any request', async () => {
    const before = running.emulator.requests.length;
    const result = await agents('create', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_4_TURBOO');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --llm-model: unknown model "GPT_4_TURBOO"; did you mean GPT_4_TURBO, /);
    expect(result.stderr).toContain('--allow-unknown-model');
    expect(running.emulator.requests.length).toBe(before);
  });

  it('--allow-unknown-model sends it, for a server that knows newer models', async () => {
    const result = await agents(
      'create',
      '--name',
      'x',
      '--description',
      'd',
      '--llm-model',
      'GPT_5',
      '--llm-provider',
      'OPENAI',
      '--allow-unknown-model',
    );
    expect(result.code).toBe(1); // this emulator, like the real service, does not know it: a plain 500
    expect(result.stderr).toContain('HTTP 500: Internal Server Error');
  });

  it('in an apply or diff file too: exit 2 naming file:line, before any request; --allow-unknown-model lets it through', async () => {
    const file = join(tempDir(), 'model.yaml');
    writeFileSync(file, 'agents:\n  - name: Newer model\n    description: d\n    llmModel: GPT_4_TURBOO\n');
    const before = running.emulator.requests.length;
    for (const command of ['apply', 'diff']) {
      const result = await agents(command, '-f', file);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(
          `^error: invalid provisioning input \\(nothing was sent\\)\\n  ${file}:4: agent "Newer model": llmModel: unknown model "GPT_4_TURBOO"; did you mean GPT_4_TURBO, `,
        ),
      );
      expect(result.stderr).toContain('--allow-unknown-model');
    }
    expect(running.emulator.requests.length).toBe(before);
    const allowed = await agents('diff', '-f', file, '--allow-unknown-model');
    expect(allowed.code).toBe(1); // planned: 1 to create
  });
});

describe('proxies', () => {
  /** A forward proxy that tunnels CONNECT, as corporate proxies do, and counts the tunnels. */
  async function startProxy(): Promise<{ url: string; tunnels: string[]; server: Server }> {
    const tunnels: string[] = [];
    const server = createServer((_req, res) => res.writeHead(405).end());
    server.on('connect', (req, client, head) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      // agents.internal stands for a service elsewhere: the proxy resolves it to this machine.
      const upstream = connect(Number(port), host === 'agents.internal' ? '127.0.0.1' : host!, () => {
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

  /**
   * A service on another host (plain http, opted in): the proxy is on the way to it. It is a plain
   * server, not the emulator, which answers only its own host names.
   */
  const remote = () => ({
    ...running.env,
    AGENTS_BASE_URL: running.env.AGENTS_BASE_URL!.replace('127.0.0.1', 'agents.internal'),
    AGENTS_ALLOW_INSECURE_HTTP: '1',
  });

  it('requests go through HTTP_PROXY (undici loaded file by file still gives its agents their API)', async () => {
    const proxy = await startProxy();
    const service = await startTestServer((_req, res) => sendJson(res, 200, { success: true, data: [] }));
    try {
      const env = {
        ...remote(),
        AGENTS_BASE_URL: service.url.replace('127.0.0.1', 'agents.internal'),
        HTTP_PROXY: proxy.url,
      };
      const result = await runBinary(['list', '--json'], { env });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(proxy.tunnels).toEqual([new URL(env.AGENTS_BASE_URL).host]);
      expect(service.requests.map((r) => r.headers.host)).toEqual([new URL(env.AGENTS_BASE_URL).host]);
    } finally {
      proxy.server.closeAllConnections();
      proxy.server.close();
      await service.close();
    }
  });

  it('a loopback service is reached directly, never through HTTP_PROXY: the plain-http token never reaches a proxy', async () => {
    const proxy = await startProxy();
    try {
      for (const host of ['127.0.0.1', 'localhost']) {
        const env = {
          ...running.env,
          AGENTS_BASE_URL: running.env.AGENTS_BASE_URL!.replace('127.0.0.1', host),
          HTTP_PROXY: proxy.url,
          HTTPS_PROXY: proxy.url,
        };
        const result = await runBinary(['list', '--json'], { env });
        expect(result.code, result.stderr).toBe(0);
      }
      expect(proxy.tunnels).toEqual([]);
    } finally {
      proxy.server.closeAllConnections();
      proxy.server.close();
    }
  });

  it('a proxy that refuses is named, not the service', async () => {
    const result = await runBinary(['list'], { env: { ...remote(), HTTP_PROXY: 'http://127.0.0.1:1' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^error: could not reach the proxy 127\.0\.0\.1:1 \(HTTP_PROXY\) on the way to agents\.internal:\d+\n/,
    );
  });

  it('HTTP_PROXY that is not a URL is exit 2 naming it', async () => {
    const result = await runBinary(['list'], { env: { ...remote(), HTTP_PROXY: 'notaurl' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: HTTP_PROXY "notaurl" is not a URL\n/);
  });
});

describe('TLS to a plain-HTTP server', () => {
  it('says the server speaks plain HTTP, not an OpenSSL line', async () => {
    const httpsUrl = running.env.AGENTS_BASE_URL!.replace('http://', 'https://');
    const result = await runBinary(['list'], { env: { ...running.env, AGENTS_BASE_URL: httpsUrl } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: 127\.0\.0\.1:\d+ speaks plain HTTP, not HTTPS\nUse http:\/\/ in --base-url/);
  });
});

describe('provisioning files: merge keys, unknown top-level keys, empty plans', () => {
  it('YAML merge keys (<<: *defaults) are read, with the anchor under an x- key', async () => {
    const file = join(tempDir(), 'merge.yaml');
    writeFileSync(
      file,
      'x-defaults: &defaults\n  description: shared\n  llmModel: GPT_4\nagents:\n  - <<: *defaults\n    name: Merged one\n  - <<: *defaults\n    name: Merged two\n',
    );
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
    expect(result.stderr).toContain(`warning: ${file} declares no agents, tools, datasources or LLMs: nothing to plan`);
  });
});

describe('--output-schema given a file name without @', () => {
  it('is exit 2 suggesting @FILE; nothing is sent', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'schema.json'), '{"type":"object"}');
    const before = running.emulator.requests.length;
    const previous = process.cwd();
    process.chdir(dir);
    try {
      const result = await agents('invoke', 'a1', 'hi', '--output-schema', 'schema.json');
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        'error: --output-schema "schema.json" is the name of a file, not a schema\nPass --output-schema @schema.json to read it.\n',
      );
    } finally {
      process.chdir(previous);
    }
    expect(running.emulator.requests.length).toBe(before);
  });
});

describe('validation messages', () => {
  it('a value of the wrong type says what it must be; only an absent field "is required"; sorted by line', async () => {
    const file = join(tempDir(), 'types.yaml');
    // zod reports name before llmModel and unknown keys last: the file has them the other way round.
    writeFileSync(
      file,
      'agents:\n  - temperature: 1\n    llmModel: 5\n    name: 123\n    description: [a, b]\n    tools: [1]\n',
    );
    const result = await agents('apply', '-f', file);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      [
        'error: invalid provisioning input (nothing was sent)',
        `  ${file}:2: agent #1: unknown field temperature`,
        `  ${file}:3: agent #1: llmModel: must be a string; the file has the number 5: put it in quotes`,
        `  ${file}:4: agent #1: name: must be a string; the file has the number 123: put it in quotes`,
        `  ${file}:5: agent #1: description: must be a string`,
        `  ${file}:6: agent #1: tools.0: must be a name or an id (a string); the file has the number 1: put it in quotes`,
        '',
      ].join('\n'),
    );
    const missing = join(tempDir(), 'missing.yaml');
    writeFileSync(missing, 'agents:\n  - name: No description\n    llmModel: GPT_4\n');
    expect((await agents('apply', '-f', missing)).stderr).toContain(
      `${missing}:2: agent "No description": description: is required`,
    );
  });

  it('an entry that is not a mapping is named as a whole, in every section', async () => {
    const file = join(tempDir(), 'scalars.yaml');
    writeFileSync(file, 'tools: [search]\nagents: [42]\n');
    const result = await agents('apply', '-f', file);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      [
        'error: invalid provisioning input (nothing was sent)',
        `  ${file}:1: tool #1 must be a mapping`,
        `  ${file}:2: agent #1 must be a mapping`,
        '',
      ].join('\n'),
    );
  });

  it.each([
    [
      'apply -f',
      (file: string) => ['apply', '-f', file],
      (file: string) =>
        `error: invalid provisioning input (nothing was sent)\n  ${file}:4:5: not valid JSON or YAML: Map keys must be unique\n`,
    ],
    [
      'create -f',
      (file: string) => ['create', '-f', file],
      (file: string) => `error: ${file}:4:5: not valid JSON or YAML: Map keys must be unique\n`,
    ],
  ])('a duplicate key given to %s is one whole line with its line and column', async (_name, argv, expected) => {
    const file = join(tempDir(), 'duplicate.yaml');
    writeFileSync(file, 'agents:\n  - name: Twice\n    description: a\n    description: b\n    llmModel: GPT_4\n');
    const result = await agents(...argv(file));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(expected(file));
  });
});

describe('apply when the service dies part-way', () => {
  it('stops scheduling once connections are refused, says what was and was not done, exit 3', async () => {
    let created = 0;
    const server = await startTestServer((req, res, body) => {
      if (req.method === 'GET') return sendJson(res, 200, { success: true, data: [] });
      if (++created > 20) {
        // The service dies: this connection is cut, and the port refuses from now on.
        void server.close();
        return void res.destroy();
      }
      const { name } = JSON.parse(body) as { name: string };
      sendJson(res, 200, {
        success: true,
        data: { id: `00000000-0000-4000-8000-${String(created).padStart(12, '0')}`, name },
      });
    });
    const file = join(tempDir(), 'many.yaml');
    writeFileSync(
      file,
      `agents:\n${Array.from({ length: 200 }, (_, i) => `  - {name: Agent ${i}, description: d, llmModel: GPT_4}\n`).join('')}`,
    );
    const result = await runBinary(['apply', '-f', file], {
      env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'tok_test_0123456789', AGENTS_CONFIG_DIR: tempConfigDir() },
    });
    expect(result.code).toBe(3);
    const summary =
      /error: the service stopped answering: (.*)\n[\s\S]*200 agents: 20 applied, (\d+) not attempted, (\d+) failed\n/.exec(
        result.stderr,
      );
    expect(summary, result.stderr).not.toBeNull();
    // Only the agents in flight when it died (at most --concurrency, 4) were tried and failed.
    expect(Number(summary![3])).toBeGreaterThanOrEqual(1);
    expect(Number(summary![3])).toBeLessThanOrEqual(4);
    expect(Number(summary![2]) + Number(summary![3])).toBe(180);
    expect(result.stderr).toContain('Run apply again once the service is back');
    expect(result.stdout.match(/^✓ created /gm)).toHaveLength(20);
  });
});

describe('partial failures, agent by agent', () => {
  it('an agent created with a bad tool says it was created, and its other tools are still attached', async () => {
    const file = join(tempDir(), 'partial.yaml');
    const missing = '00000000-0000-4000-8000-00000000dead';
    writeFileSync(
      file,
      `agents:\n  - name: Partly linked\n    description: d\n    llmModel: GPT_4\n    tools: [${missing}, ${SEED.tools[0].id}]\n`,
    );
    const result = await agents('apply', '-f', file);
    expect(result.code).toBe(5);
    const id = /^✗ created Partly linked {2}(\S+)$/m.exec(result.stdout)?.[1];
    expect(id, result.stdout).toBeDefined();
    expect(result.stdout).toContain(
      `✗ created Partly linked  ${id}\n    ✗ tool ${missing} not found\n    ✓ attached tool ${SEED.tools[0].id}\n`,
    );
    expect(result.stderr).toBe(
      `error: 1 of 1 agent failed (0 applied)\n  Partly linked: created ${id}; tool ${missing} not found\n`,
    );
    const agent = JSON.parse((await agents('get', id!, '--json')).stdout) as { tools: Array<{ toolId: string }> };
    expect(agent.tools.map((t) => t.toolId)).toEqual([SEED.tools[0].id]);
  });
});

describe('diff output', () => {
  it('names links, shows ids long enough to be unique, old → new, aligned; --json has the full values', async () => {
    const created = await agents(
      'create',
      '--name',
      'Diff target',
      '--description',
      'Before',
      '--llm-model',
      'GPT_4',
      '-q',
    );
    const id = created.stdout.trim();
    const longer = 'x'.repeat(60);
    const file = join(tempDir(), 'diff.yaml');
    const tools = SEED.tools.map((tool) => tool.id);
    writeFileSync(
      file,
      `agents:\n  - name: Diff target\n    description: ${longer}\n    llmModel: GPT_4\n    isActive: false\n    tools: [${tools.join(', ')}, 00000000-0000-4000-8000-000000000000]\n  - name: Diff new\n    description: d\n    llmModel: GPT_4\n`,
    );
    const result = await agents('diff', '-f', file);
    expect(result.code).toBe(1);
    const toolLines = SEED.tools.map((tool) => `    + tool       ${tool.name} (${tool.id})`); // these ids differ only in their last character
    expect(result.stdout).toBe(
      [
        'Plan: 1 to create, 1 to update, 0 unchanged',
        '~ update     Diff target',
        `    description  "Before" → "${longer}"`, // whole off a terminal
        '    isActive     true → false',
        ...toolLines,
        '    + tool       00000000…',
        '+ create     Diff new',
        '',
      ].join('\n'),
    );
    const json = JSON.parse((await agents('diff', '-f', file, '--json')).stdout) as {
      plan: Array<{ id: string; changes: unknown }>;
    };
    expect(json.plan[0]).toMatchObject({
      id,
      changes: [
        { field: 'description', from: 'Before', to: longer },
        { field: 'isActive', from: true, to: false },
      ],
    });
  });

  it.skipIf(!python())(
    'on a terminal, two long values show a window around their first difference, within the width',
    async () => {
      const prompt = (ending: string) => `${'Answer politely and cite the handbook. '.repeat(6)}${ending}`;
      const created = await agents(
        'create',
        '-q',
        '--name',
        'Window',
        '--description',
        'd',
        '--llm-model',
        'GPT_4',
        '--prompt',
        prompt('Sign as Ann.'),
      );
      expect(created.code).toBe(0);
      const file = join(tempDir(), 'window.yaml');
      writeFileSync(
        file,
        `agents:\n  - name: Window\n    description: d\n    llmModel: GPT_4\n    prompt: "${prompt('Sign as Bob.')}"\n`,
      );
      for (const cols of [80, 50]) {
        const result = await runInPty(['diff', '-f', file], [], running.env, { cols, rows: 20 });
        expect(result.code).toBe(1);
        const row = (await renderScreen(result.bytes, cols, 20)).lines.find((line) => line.includes('prompt'))!;
        expect(row).toMatch(/^ {4}prompt {2}…[^"]*Sign as Ann\." → …[^"]*Sign as Bob\."$/);
        expect(row.length).toBeLessThanOrEqual(cols);
      }
    },
  );

  it('colours each action on a terminal, as terraform plan does', async () => {
    const file = join(tempDir(), 'colour.yaml');
    writeFileSync(file, 'agents:\n  - {name: Colour new, description: d, llmModel: GPT_4}\n');
    const result = await runCli(['diff', '-f', file], {
      env: { ...running.env, FORCE_COLOR: '1' },
      configDir: running.env.AGENTS_CONFIG_DIR,
    });
    expect(result.stdout).toContain('\u001b[32m+ create   \u001b[39m  Colour new');
  });
});

/** The fixed token earlier versions printed in their docs: no emulator accepts it unasked. */
const OLD_DOCUMENTED_TOKEN = 'emu_local_token_0123456789abcdef';

describe('the emulator on an address others can reach', () => {
  it('--host 0.0.0.0: a random token, a warning, and a base URL the CLI accepts', async () => {
    const child = spawn(process.execPath, [BIN, 'emulator', '--host', '0.0.0.0', '--port', '0', '--json'], {
      env: { PATH: process.env.PATH ?? '', HOME: tempDir() },
    });
    try {
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [first] = (await once(child.stdout, 'data')) as [Buffer];
      const started = JSON.parse(first.toString().split('\n')[0]!) as { baseUrl: string; token: string };
      expect(started.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(started.token).not.toBe(OLD_DOCUMENTED_TOKEN);
      expect(started.token).toMatch(/^emu_[\w-]{24}$/);
      expect(stderr).toContain(
        'warning: listening on 0.0.0.0: other machines can reach this emulator. Use --host 127.0.0.1',
      );
      const listed = await runCli(['list', '-q'], {
        env: { AGENTS_BASE_URL: started.baseUrl, AGENTS_TOKEN: started.token },
      });
      expect(listed.code).toBe(0);
      const documented = await runCli(['list', '-q'], {
        env: { AGENTS_BASE_URL: started.baseUrl, AGENTS_TOKEN: OLD_DOCUMENTED_TOKEN },
      });
      expect(documented.code).not.toBe(0);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('a body past 1 MiB is refused with 413, and the CLI says to shorten it (exit 2)', async () => {
    const file = join(tempDir(), 'big.json');
    writeFileSync(
      file,
      JSON.stringify({ name: 'Big', description: 'd', llmModel: 'GPT_4', prompt: 'x'.repeat(MAX_BODY_BYTES) }),
    );
    const result = await agents('create', '-f', file);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: Request body larger than ${MAX_BODY_BYTES} bytes\nThe service, or a proxy in front of it, refuses a request this large: shorten the longest field.\n`,
    );
  });
});
