// What a route handler gets: the request, its decoded path parameters and body, and the mode.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from './store.js';

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
}

export type Handler = (ctx: RouteContext) => void | Promise<void>;
