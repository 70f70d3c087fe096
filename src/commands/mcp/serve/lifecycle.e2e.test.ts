// `agents mcp serve` over stdio from its start to its end: what it can tell before serving, and a
// call under way when the input ends (answered) or Ctrl-C comes (answered as cancelled).
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBinary } from '../../../../test/helpers/binary.js';
import { useEmulatorEnv } from '../../../../test/helpers/emulator-env.js';
import { createAgent } from '../../../../test/helpers/mcp.js';
import { python, runInPty } from '../../../../test/helpers/pty.js';
import { untilEvent } from '../../../../test/helpers/until.js';

const served = useEmulatorEnv({ tokenDelayMs: 20 });
let agentId: string;
beforeAll(async () => void (agentId = await createAgent(served.env, 'Lifecycle')));

const rpc = (id: number | undefined, method: string, params: object = {}) =>
  JSON.stringify({ jsonrpc: '2.0', ...(id !== undefined && { id }), method, params }) + '\n';
const opening =
  rpc(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }) +
  rpc(undefined, 'notifications/initialized');
const call = (input: string) => rpc(2, 'tools/call', { name: 'Lifecycle', arguments: { input } });

/** The server with raw JSON-RPC on stdin; `act` gets the child once the call with `input` is sent. */
function serve(args: string[], input: string, act: (child: ReturnType<typeof spawn>) => void) {
  const child = spawn(process.execPath, [BIN, 'mcp', 'serve', ...args], {
    env: served.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.write(opening + call(input));
  act(child);
  return new Promise<{ code: number | null; stdout: string; stderr: string; replies: Array<Record<string, unknown>> }>(
    (resolve) =>
      child.on('close', (code) =>
        resolve({
          code,
          stdout,
          stderr,
          replies: stdout
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as Record<string, unknown>),
        }),
      ),
  );
}

describe('mcp serve over stdio, start to end', () => {
  it('a call under way when the input ends is answered before the server exits 0', async () => {
    const result = await serve(['--agent', agentId], 'take your time [[slow]]', (child) => child.stdin!.end());
    expect(result.code, result.stderr).toBe(0);
    const answer = result.replies.find((reply) => reply.id === 2) as { result?: { content: Array<{ text: string }> } };
    expect(answer?.result?.content[0]!.text).toContain('You said: "take your time [[slow]]"');
  });

  it('Ctrl-C with a call under way answers it as cancelled, then exits 130', async () => {
    // An answer that never comes: only the Ctrl-C ends the call, sent once the invoke is at the service.
    const invokes = () => served.emulator.requests.filter((request) => request.path.endsWith('/invoke')).length;
    const before = invokes();
    const result = await serve(
      ['--agent', agentId],
      'wait for ever [[hang]]',
      (child) =>
        void untilEvent(served.emulator.events, 'request', () => invokes() > before).then(() => child.kill('SIGINT')),
    );
    expect(result.code, result.stderr).toBe(130);
    const answer = result.replies.find((reply) => reply.id === 2) as {
      result?: { isError?: boolean; content: Array<{ text: string }> };
    };
    expect(answer?.result?.isError, JSON.stringify(result.replies) + result.stderr).toBe(true);
    expect(answer?.result?.content.at(-1)!.text).toContain('cancelled');
  });

  it('--agent the service does not have is exit 5 before serving: nothing on stdout', async () => {
    const result = await runBinary(['mcp', 'serve', '--agent', 'No such agent'], { env: served.env });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('"No such agent" not found');
  });

  it('no token is said on stderr at start, and the server still serves', async () => {
    const result = await runBinary(['mcp', 'serve'], { env: { ...served.env, AGENTS_TOKEN: '' }, input: opening });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^warning: agents mcp: no token .*lists no tools until that is fixed$/m);
    expect(JSON.parse(result.stdout.trim().split('\n')[0]!)).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'agents' } },
    });
  });

  it.skipIf(!python())('on a terminal, one line says it waits for an MCP client and how to connect one', async () => {
    const result = await runInPty(['mcp', 'serve'], [{ expect: 'waits for an MCP client', send: '\x04' }], served.env);
    expect(result.failure).toBeNull();
    expect(result.screen).toContain("add it to the client's configuration (docs/mcp.md)");
  });
});
