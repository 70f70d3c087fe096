// What reaches the SDK's stdio transport: one JSON-RPC message per line. A line that is not JSON,
// or not a JSON-RPC message, is answered here with its error (the SDK would drop it without a
// word); a batch is split into its messages and its replies gathered (GuardedTransport) in a
// session on 2025-03-26, and refused in one on a later version, which has no batches.
import { PassThrough } from 'node:stream';
import type { GuardedTransport } from './guarded-transport.js';
import { errorResponse, INVALID_REQUEST, invalidMessage, PARSE_ERROR } from './json-rpc.js';

const BATCH_VERSION = '2025-03-26';

export function guardedLines(input: NodeJS.ReadableStream, transport: GuardedTransport): PassThrough {
  const out = new PassThrough();
  void (async () => {
    let pending = '';
    try {
      for await (const chunk of input) {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop()!;
        for (const line of lines) await admit(line, transport, out);
      }
      if (pending) await admit(pending, transport, out);
    } finally {
      out.end();
    }
  })();
  return out;
}

async function admit(line: string, transport: GuardedTransport, out: PassThrough): Promise<void> {
  if (!line.trim()) return;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return transport.sendRaw(errorResponse(null, PARSE_ERROR, 'Parse error: the line is not JSON'));
  }
  if (!Array.isArray(value)) {
    const problem = invalidMessage(value);
    if (problem) return transport.sendRaw(problem);
    if ((value as { method?: unknown }).method === 'initialize') transport.initializing();
    return void out.write(line + '\n');
  }
  // Whether batches exist depends on the version the initialize under way settles.
  const version = await transport.version();
  if (version !== BATCH_VERSION || value.length === 0) {
    const why =
      value.length === 0
        ? 'an empty batch'
        : `batches are not part of protocol version ${version ?? '(not initialized)'}`;
    return transport.sendRaw(errorResponse(null, INVALID_REQUEST, `Invalid Request: ${why}`));
  }
  const early: unknown[] = [];
  const ids: Array<string | number> = [];
  const admitted: string[] = [];
  for (const element of value) {
    const problem = invalidMessage(element);
    if (problem) early.push(problem);
    else {
      const { id, method } = element as { id?: string | number; method?: string };
      if (id !== undefined && method !== undefined) ids.push(id); // a request: it gets a reply
      admitted.push(JSON.stringify(element));
    }
  }
  await transport.expectBatch(ids, early);
  for (const message of admitted) out.write(message + '\n');
}
