// What reaches the SDK's stdio transport: one JSON-RPC message per line. A line that is not JSON,
// or not a JSON-RPC message, is answered here with its error (the SDK would drop it without a
// word); a batch the rules take (json-rpc.ts batchProblem, as over HTTP) is split into its messages
// and its replies gathered into one array (GuardedTransport).
import { PassThrough } from 'node:stream';
import type { GuardedTransport } from './guarded-transport.js';
import { batchProblem, errorResponse, invalidMessage, PARSE_ERROR, requestIdsOf } from './json-rpc.js';

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
  const problem = batchProblem(value, await transport.version());
  if (problem) return transport.sendRaw(problem);
  transport.expectBatch(requestIdsOf(value));
  for (const message of value) out.write(JSON.stringify(message) + '\n');
}
