// The built binary, run as a separate process.
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBinary, spawnCollecting } from '../helpers/binary.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('built binary', () => {
  it('--version prints the package version', async () => {
    const result = await runBinary(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('an install without its bundle says so in one line and exits 1', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'agents-broken-'));
    cpSync(join(BIN, '..'), join(broken, 'bin'), { recursive: true });
    const result = await spawnCollecting(process.execPath, [join(broken, 'bin', 'agents.js'), 'list'], {
      PATH: process.env.PATH ?? '',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: cannot start agents: .*dist[/\\]main\.js.*\n$/);
    expect(result.stderr.split('\n')).toHaveLength(2);
  });

  it('--help lists the commands on stdout', async () => {
    const result = await runBinary(['--help']);
    expect(result.code).toBe(0);
    for (const name of [
      'create',
      'update',
      'add-tool',
      'add-datasource',
      'add-llm',
      'login',
      'logout',
      'status',
      'config',
    ]) {
      expect(result.stdout).toContain(`\n  ${name} `);
    }
    expect(result.stdout).toContain('Examples:');
  });

  it('under --debug a stack trace points into src/ through the shipped source maps; without it, no trace', async () => {
    const server = await startTestServer((_req, res) => sendJson(res, 404, { detail: 'Not Found' })); // a route this server lacks
    try {
      const env = {
        AGENTS_CONFIG_DIR: tempConfigDir(),
        AGENTS_BASE_URL: server.url,
        AGENTS_TOKEN: 'tok_maps_123456789',
      };
      const debug = await runBinary(['--debug', 'tools', 'list'], { env });
      expect(debug.code).toBe(5);
      expect(debug.stderr).toMatch(/\n\s+at apiErrorFromResponse \(\S*\/src\/api\/response-errors\.ts:\d+:\d+\)/);
      expect(debug.stderr).not.toMatch(/dist\/chunks\//);
      const plain = await runBinary(['tools', 'list'], { env });
      expect(plain.code).toBe(5);
      expect(plain.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await server.close();
    }
  });

  it('an unknown flag is a usage error (exit 2) with a suggestion and no stack trace', async () => {
    const result = await runBinary(['create', '--nmae', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--nmae'");
    expect(result.stderr).toContain('Did you mean --name?');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  describe('against a loopback server', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer((_req, res) =>
        sendJson(res, 200, { success: true, data: { id: 'agent-123', name: 'Docs bot', llmModel: 'GPT_4_0' } }),
      );
    });
    afterAll(() => server.close());

    it('create -q prints only the new id and sends the agent', async () => {
      const env = {
        AGENTS_CONFIG_DIR: tempConfigDir(),
        AGENTS_BASE_URL: server.url,
        AGENTS_TOKEN: 'tok_e2e_secret_value',
      };
      const result = await runBinary(
        ['create', '-q', '--name', 'Docs bot', '--description', 'answers', '--llm-model', 'GPT_4_0'],
        { env },
      );
      expect(result).toMatchObject({ code: 0, stdout: 'agent-123\n', stderr: '' });
      const request = server.requests.at(-1)!;
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/api/v1/agents');
      expect(JSON.parse(request.body)).toEqual({ name: 'Docs bot', description: 'answers', llmModel: 'GPT_4_0' });
      expect(request.headers.authorization).toBe('Bearer tok_e2e_secret_value');
    });
  });
});
