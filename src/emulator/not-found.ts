// How each mode reports a record that does not exist.
import type { RouteContext } from './context.js';
import { sendDetail, sendInternalError } from './http.js';

/** The real service has no 404 on agent routes: each route fails in its own way. */
export function agentNotFound(ctx: RouteContext, route: 'get' | 'patch' | 'delete' | 'invoke' | 'link'): void {
  if (ctx.config.strict) sendDetail(ctx.res, 404, 'Agent not found');
  else if (route === 'get') sendDetail(ctx.res, 500, "'NoneType' object has no attribute 'metadata'");
  else if (route === 'invoke') sendInternalError(ctx.res);
  else if (route === 'link') sendDetail(ctx.res, 500, 'Foreign key constraint failed on the field: `agentId`');
  else {
    sendDetail(
      ctx.res,
      500,
      `An operation failed because it depends on one or more records that were required but not found. Record to ${route === 'patch' ? 'update' : 'delete'} not found.`,
    );
  }
}
