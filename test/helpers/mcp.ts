// `agents mcp serve` as a client meets it: the built binary, over stdio or Streamable HTTP, driven
// by the official SDK client.
import { spawn } from 'node:child_process';
import { request } from 'undici';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { BIN, childEnv } from './binary.js';
import { untilText } from './until.js';

export interface Connected {
  client: Client;
  close: () => Promise<void>;
  stderr: () => string;
}

/** The server over stdio, started by the client as an MCP client does. */
export async function connectStdio(env: Record<string, string>, args: string[] = []): Promise<Connected> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', 'serve', ...args],
    env: childEnv(env),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await client.connect(transport);
  return { client, close: () => client.close(), stderr: () => stderr };
}

export interface HttpServer {
  url: string;
  token: string;
  stderr: () => string;
  /** A client connected with the printed token. */
  connect(): Promise<Client>;
  stop(): Promise<void>;
}

/** `mcp serve --http --port 0`, once it has printed its address and token. */
export async function startHttpServer(env: Record<string, string>, args: string[] = []): Promise<HttpServer> {
  const child = spawn(process.execPath, [BIN, 'mcp', 'serve', '--http', '--port', '0', ...args], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Until it has said where it listens (or has ended: then the error below says what it printed).
  await untilText(child.stderr, 'Bearer').catch(() => undefined);
  const url = /MCP over HTTP at (\S+)/.exec(stderr)?.[1];
  // With --token-file the token is not printed: a client reads it from the file, as this does.
  const tokenFile = args[args.indexOf('--token-file') + 1];
  const token = args.includes('--token-file')
    ? readFileSync(tokenFile!, 'utf8').trim()
    : /Authorization: Bearer (\S+)/.exec(stderr)?.[1];
  if (!url || !token) {
    child.kill('SIGKILL');
    throw new Error(`mcp serve --http printed no address: ${stderr}`);
  }
  return {
    url,
    token,
    stderr: () => stderr,
    async connect() {
      const client = new Client({ name: 'http-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      return client;
    },
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.on('close', resolve));
    },
  };
}

export const textOf = (result: Record<string, unknown>) =>
  ((result.content as Array<{ type: string; text?: string }>) ?? []).map((c) => c.text ?? '').join('');

export { createAgent } from './emulator-agent.js';

/** A POST as a client without the SDK sends it: the token, a JSON body (a string is sent as it is), both answer types, and these headers. */
export const rawPost = (
  server: HttpServer,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) =>
  request(server.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
