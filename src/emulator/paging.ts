// The skip/take query of the real service's paged lists (agents, tools, datasources).
import type { RouteContext } from './context.js';
import { sendDetail, sendValidation } from './http.js';

/**
 * skip and take as the real list routes read them: integers (422 otherwise), and total_pages is
 * ceil(count / take) inside the handler's try, so take=0 is a 500 "division by zero".
 */
export function readPage(ctx: RouteContext): { skip: number; take: number } | undefined {
  const skip = Number(ctx.query.get('skip') ?? 0);
  const take = Number(ctx.query.get('take') ?? 50);
  const bad = !Number.isInteger(skip) ? 'skip' : !Number.isInteger(take) ? 'take' : undefined;
  if (bad) {
    sendValidation(ctx.res, [{ loc: ['query', bad], msg: 'value is not a valid integer', type: 'type_error.integer' }]);
    return undefined;
  }
  if (take === 0) {
    sendDetail(ctx.res, 500, 'division by zero');
    return undefined;
  }
  return { skip: Math.max(0, skip), take: Math.abs(take) };
}
