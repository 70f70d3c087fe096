// Routes of the real service's agent API, matched on raw path segments (decoded one by one,
// so an id holding an encoded "/" stays one segment).
import type { Handler } from './context.js';
import { createAgent, deleteAgent, getAgent, listAgents, updateAgent } from './agent-routes.js';
import { invokeAgent } from './invoke-route.js';
import { attach, detach, listCatalog, listLinks } from './link-routes.js';
import { createRecord, deleteRecord, getRecord, updateRecord } from './resource-routes.js';
import { createKey, createUser, deleteKey, getMe, listKeys, renameKey } from './account-routes.js';
import { ATTACHABLE } from '../resources/registry.js';

interface Route {
  method: string;
  /** Literal segments, or ':' for a parameter. */
  pattern: string[];
  handler: Handler;
  /** Served without a token (signing up). */
  open?: boolean;
}

const route = (method: string, path: string, handler: Handler, open = false): Route => ({
  method,
  pattern: path.split('/').filter(Boolean),
  handler,
  open,
});

const ROUTES: Route[] = [
  route('GET', 'agents', listAgents),
  route('POST', 'agents', createAgent),
  route('GET', 'agents/:', getAgent),
  route('PATCH', 'agents/:', updateAgent),
  route('DELETE', 'agents/:', deleteAgent),
  route('POST', 'agents/:/invoke', invokeAgent),
  // Each attachable kind: its links under the agent, then its own records (registry.ts).
  ...ATTACHABLE.flatMap(({ kind, segment, attach: { listedPerAgent } }) => [
    ...(listedPerAgent ? [route('GET', `agents/:/${segment}`, listLinks(kind))] : []),
    route('POST', `agents/:/${segment}`, attach(kind)),
    route('DELETE', `agents/:/${segment}/:`, detach(kind)),
  ]),
  ...ATTACHABLE.flatMap(({ kind, segment, deletable }) => [
    route('GET', segment, listCatalog(kind)),
    route('POST', segment, createRecord(kind)),
    route('GET', `${segment}/:`, getRecord(kind)),
    route('PATCH', `${segment}/:`, updateRecord(kind)),
    // No DELETE for LLMs: the real service has none, so the path answers 405.
    ...(deletable ? [route('DELETE', `${segment}/:`, deleteRecord(kind))] : []),
  ]),
  route('POST', 'api-users', createUser, true),
  route('GET', 'api-users/me', getMe),
  route('GET', 'api-keys', listKeys),
  route('POST', 'api-keys', createKey),
  route('DELETE', 'api-keys/:', deleteKey),
  route('PATCH', 'api-keys/:', renameKey),
];

/** Every route served, as `METHOD /api/v1/path` with `{id}` for a parameter (docs/emulator.md lists them). */
export function servedRoutes(): string[] {
  return ROUTES.map((r) => `${r.method} /api/v1/${r.pattern.map((part) => (part === ':' ? '{id}' : part)).join('/')}`);
}

export type Match = { handler: Handler; params: string[]; open: boolean } | { error: 404 | 405 };

/** `segments` are the raw segments after /api/v1. */
export function matchRoute(method: string, segments: string[]): Match {
  let pathMatched = false;
  for (const candidate of ROUTES) {
    if (candidate.pattern.length !== segments.length) continue;
    const params: string[] = [];
    const fits = candidate.pattern.every((part, i) => {
      if (part === ':') {
        params.push(decodeURIComponent(segments[i]!));
        return true;
      }
      return part === segments[i];
    });
    if (!fits) continue;
    pathMatched = true;
    if (candidate.method === method) return { handler: candidate.handler, params, open: candidate.open === true };
  }
  return { error: pathMatched ? 405 : 404 };
}
