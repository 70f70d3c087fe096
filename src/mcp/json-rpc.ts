// JSON-RPC 2.0 as the MCP specification asks of a server, where the bundled SDK drops a message
// without a word or answers with the wrong code: a line that is not JSON is -32700 with id null, a
// JSON value that is not a JSON-RPC message is -32600, and params that do not fit a method are
// -32602 in one line (the SDK says -32603 and prints its schema library's whole report).

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

type Id = string | number | null;

/** The one protocol version with JSON-RPC batches: 2025-06-18 removed them. */
const BATCH_VERSION = '2025-03-26';
/** The most messages in one batch: the SDK's own cap over HTTP, kept over stdio too. */
const MAX_BATCH = 100;

export interface ErrorResponse {
  jsonrpc: '2.0';
  id: Id;
  error: { code: number; message: string };
}

export const errorResponse = (id: Id, code: number, message: string): ErrorResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});

const isId = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));

/**
 * Why a parsed value is not one JSON-RPC message (a request, a notification or a response), as the
 * error response to send; undefined when it is one.
 */
export function invalidMessage(value: unknown): ErrorResponse | undefined {
  const record =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  const id = record && isId(record.id) ? record.id : null;
  const invalid = (why: string) => errorResponse(id, INVALID_REQUEST, `Invalid Request: ${why}`);
  if (!record) return invalid('not a JSON-RPC message (an object)');
  if (record.jsonrpc !== '2.0') return invalid('"jsonrpc" must be "2.0"');
  if ('id' in record && !isId(record.id) && !(record.id === null && ('result' in record || 'error' in record)))
    return invalid('"id" must be a string or an integer');
  if (typeof record.method === 'string') {
    if ('params' in record && (typeof record.params !== 'object' || record.params === null))
      return invalid('"params" must be an object or an array');
    return undefined;
  }
  if ('result' in record || 'error' in record) return undefined; // a response to a request of ours
  return invalid('neither a request ("method") nor a response ("result" or "error")');
}

/**
 * The SDK's answer to params that its schema refuses: -32603 carrying the schema library's report
 * (a JSON array of issues). Turned into -32602 and the first issue in one line; any other error as it was.
 */
export function paramsErrorInOneLine(error: { code: number; message: string }): { code: number; message: string } {
  if (error.code !== INTERNAL_ERROR || !error.message.trimStart().startsWith('[')) return error;
  let issues: unknown;
  try {
    issues = JSON.parse(error.message);
  } catch {
    return error;
  }
  const first = Array.isArray(issues) ? (issues[0] as { path?: unknown; message?: unknown } | undefined) : undefined;
  if (!first || typeof first.message !== 'string') return error;
  const path = Array.isArray(first.path) ? first.path.join('.') : '';
  return { code: INVALID_PARAMS, message: `Invalid params: ${path ? `${path}: ` : ''}${first.message}` };
}

/** The ids of the requests among these messages: each gets a reply (notifications and responses do not). */
export const requestIdsOf = (messages: readonly unknown[]): Array<string | number> =>
  messages.flatMap((message) => {
    const { id, method } = message as { id?: unknown; method?: unknown };
    return typeof method === 'string' && isId(id) ? [id] : [];
  });

/**
 * Why a batch is refused whole, as the one error to answer it with; undefined when its messages may
 * go in. Both transports ask this, so a batch is taken or refused alike over stdio and HTTP. A batch
 * with a message that is not JSON-RPC is refused whole, as the SDK refuses it over HTTP: per-message
 * errors could not go back on the POST's stream, and nothing of a refused batch runs.
 */
export function batchProblem(batch: unknown[], version: string | undefined): ErrorResponse | undefined {
  const invalid = (why: string) => errorResponse(null, INVALID_REQUEST, `Invalid Request: ${why}`);
  if (batch.length === 0) return invalid('an empty batch');
  if (version !== BATCH_VERSION)
    return invalid(`batches are not part of protocol version ${version ?? '(not initialized)'}`);
  if (batch.length > MAX_BATCH) return invalid(`a batch of ${batch.length} messages (at most ${MAX_BATCH})`);
  for (const [index, message] of batch.entries()) {
    const problem = invalidMessage(message);
    if (problem)
      return {
        ...problem,
        error: { ...problem.error, message: `${problem.error.message} (batch message #${index + 1})` },
      };
    if ((message as { method?: unknown }).method === 'initialize')
      return invalid(`initialize cannot be part of a batch (batch message #${index + 1})`);
  }
  return undefined;
}
