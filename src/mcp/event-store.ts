// Resumption for MCP over HTTP: every message sent on an SSE stream is kept with an id, so a
// client whose stream broke can reconnect with Last-Event-ID and get what it missed. Bounded: the
// oldest events go first past a number and a size, so a client that never reconnects costs little.
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Events kept for resumption, across every session: at most this many, and this many bytes. */
const EVENTS_KEPT = 1000;
const EVENT_BYTES_KEPT = 8 * 1024 * 1024;

interface Kept {
  id: string;
  streamId: string;
  message: JSONRPCMessage;
  bytes: number;
}

export class BoundedEventStore implements EventStore {
  private readonly events = new Map<string, Kept>();
  private bytes = 0;
  private next = 0;

  constructor(
    private readonly maxEvents = EVENTS_KEPT,
    private readonly maxBytes = EVENT_BYTES_KEPT,
  ) {}

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    // The stream in the id: a Last-Event-ID names its stream even after the event itself is gone.
    const id = `${streamId}_${++this.next}`;
    const bytes = JSON.stringify(message).length;
    this.events.set(id, { id, streamId, message, bytes });
    this.bytes += bytes;
    for (const [oldest, kept] of this.events) {
      if (this.events.size <= this.maxEvents && this.bytes <= this.maxBytes) break;
      this.events.delete(oldest);
      this.bytes -= kept.bytes;
    }
    return Promise.resolve(id);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return Promise.resolve(this.events.get(eventId)?.streamId ?? streamOf(eventId));
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const streamId = this.events.get(lastEventId)?.streamId ?? streamOf(lastEventId);
    if (streamId === undefined) return '';
    const after = sequenceOf(lastEventId);
    for (const kept of this.events.values())
      if (kept.streamId === streamId && sequenceOf(kept.id) > after) await send(kept.id, kept.message);
    return streamId;
  }

  /** How many events are kept, and their size: for tests of the bound. */
  get size(): { events: number; bytes: number } {
    return { events: this.events.size, bytes: this.bytes };
  }
}

const streamOf = (eventId: string) => (eventId.includes('_') ? eventId.slice(0, eventId.lastIndexOf('_')) : undefined);
const sequenceOf = (eventId: string) => Number(eventId.slice(eventId.lastIndexOf('_') + 1)) || 0;
