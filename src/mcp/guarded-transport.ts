// A transport around the SDK's (stdio or Streamable HTTP) that keeps JSON-RPC as the specification
// asks where the SDK does not: params errors as -32602 in one line, replies to a batch gathered
// into one array (a session on 2025-03-26, the one version with batches), and what the client
// negotiated remembered for the stdio reader, which answers what the SDK would drop.
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { paramsErrorInOneLine } from './json-rpc.js';

type Id = string | number;

export class GuardedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  /** The protocol version the server answered initialize with. */
  protocolVersion: string | undefined;
  private negotiated: Promise<string | undefined> | undefined;
  private settleNegotiation: ((version: string | undefined) => void) | undefined;
  private readonly batches: Array<{ waiting: Set<Id>; replies: unknown[] }> = [];

  constructor(private readonly inner: Transport) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.onmessage?.(message, extra);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** An initialize went to the server: its answer will say the version (reader: stdio-lines.ts). */
  initializing(): void {
    this.negotiated ??= new Promise((resolve) => (this.settleNegotiation = resolve));
  }

  /** The negotiated version, waiting for an initialize under way; undefined when none was sent. */
  version(): Promise<string | undefined> {
    return this.protocolVersion !== undefined
      ? Promise.resolve(this.protocolVersion)
      : (this.negotiated ?? Promise.resolve(undefined));
  }

  /** Replies to these requests go out together, as one array (a batch of notifications has none). */
  expectBatch(ids: Id[]): void {
    if (ids.length > 0) this.batches.push({ waiting: new Set(ids), replies: [] });
  }

  /** A message the server did not make (an error for a line it never saw), sent as it is. */
  sendRaw(message: unknown): Promise<void> {
    return this.inner.send(message as JSONRPCMessage);
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const record = message as {
      id?: Id;
      error?: { code: number; message: string };
      result?: { protocolVersion?: unknown };
    };
    const shown = record.error
      ? ({ ...message, error: paramsErrorInOneLine(record.error) } as JSONRPCMessage)
      : message;
    if (typeof record.result?.protocolVersion === 'string') {
      this.protocolVersion = record.result.protocolVersion;
      this.settleNegotiation?.(this.protocolVersion);
    } else if (record.error && this.protocolVersion === undefined) this.settleNegotiation?.(undefined);
    const batch = record.id === undefined ? undefined : this.batches.find((open) => open.waiting.has(record.id!));
    if (!batch) return this.inner.send(shown, options);
    batch.waiting.delete(record.id!);
    batch.replies.push(shown);
    if (batch.waiting.size > 0) return Promise.resolve();
    this.batches.splice(this.batches.indexOf(batch), 1);
    return this.sendRaw(batch.replies);
  }
}
