// api-users and api-keys, as legacy-service.md §4 and the OpenAPI document describe them.
import type { Handler, RouteContext } from './context.js';
import { sendDetail, sendEnvelope, sendJson } from './http.js';
import { readValidBody } from './validation.js';

/** POST /api-users {email}: no auth; the answer carries the new user's token. */
export const createUser: Handler = (ctx) => {
  const body = readValidBody(ctx, { email: { type: 'str', required: true } });
  if (!body) return;
  sendEnvelope(ctx.res, ctx.store.accounts.createUser(String(body.email)));
};

/** GET /api-users/me: the caller, token included (the real route returns it). */
export const getMe: Handler = (ctx) => {
  sendEnvelope(ctx.res, ctx.store.accounts.users.get(ctx.apiUserId!));
};

export const listKeys: Handler = (ctx) => {
  sendEnvelope(ctx.res, ctx.store.accounts.keysOf(ctx.apiUserId!));
};

/** POST /api-keys {name}: the key itself is in this answer only. */
export const createKey: Handler = (ctx) => {
  const body = readValidBody(ctx, { name: { type: 'str', required: true } });
  if (!body) return;
  const { row, apiKey } = ctx.store.accounts.createKey(ctx.apiUserId!, String(body.name));
  sendEnvelope(ctx.res, { ...row, apiKey });
};

/** DELETE /api-keys/{id}: the row goes from the list; the key itself keeps working (see accounts.ts). */
export const deleteKey: Handler = (ctx) => {
  const key = ownKey(ctx);
  if (!key) return sendDetail(ctx.res, ctx.config.strict ? 404 : 500, 'API Key not found');
  ctx.store.accounts.keys.delete(key.id);
  sendEnvelope(ctx.res, key);
};

/** PATCH /api-keys/{id} {name}; an unknown id is the codebase's only 404, with its own body. */
export const renameKey: Handler = (ctx) => {
  const body = readValidBody(ctx, { name: { type: 'str', required: true } });
  if (!body) return;
  const key = ownKey(ctx);
  if (!key) return sendJson(ctx.res, 404, { success: false, error: { message: 'API Key not found' } });
  Object.assign(key, { name: String(body.name), updatedAt: new Date().toISOString().replace('Z', '000+00:00') });
  sendEnvelope(ctx.res, key);
};

function ownKey(ctx: RouteContext) {
  const key = ctx.store.accounts.keys.get(ctx.params[0]!);
  return key && key.apiUserId === ctx.apiUserId ? key : undefined;
}
