// What a route handler gets: the request, its decoded path parameters and body, and the mode.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from './store.js';

/** Real models stream token by token: a few ms apart by default, so a client's live output is exercised. */
export const DEFAULT_TOKEN_DELAY_MS = 8;

export interface EmulatorConfig {
  strict: boolean;
  tokenDelayMs: number;
}

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  params: string[];
  query: URLSearchParams;
  rawBody: string;
  store: Store;
  config: EmulatorConfig;
  /** The user the bearer token belongs to (undefined on the one route that needs none). */
  apiUserId?: string;
}

export type Handler = (ctx: RouteContext) => void | Promise<void>;
