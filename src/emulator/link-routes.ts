// Attach, list and detach an agent's tools, datasources and LLMs; list the seeded catalogues (§ numbers:
// docs/legacy-service.md).
import type { Handler, RouteContext } from './context.js';
import { sendDetail, sendEnvelope, sendValidation } from './http.js';
import { readPage } from './paging.js';
import { agentNotFound } from './not-found.js';
import { attachKey } from '../resources/descriptor.js';
import { ATTACHABLE_OF } from '../resources/registry.js';
import type { LinkKind } from './store.js';
import { checkFields, parseBody } from './validation.js';

export function attach(kind: LinkKind): Handler {
  return (ctx: RouteContext) => {
    const key = attachKey({ kind });
    const { body, errors } = parseBody(ctx.rawBody);
    const problems = body ? checkFields(body, { [key]: { type: 'str', required: true } }) : errors;
    if (problems.length > 0) return sendValidation(ctx.res, problems);
    const agentId = ctx.params[0]!;
    const targetId = body![key] as string;
    if (!ctx.store.agents.has(agentId)) return agentNotFound(ctx, 'link');
    if (!ctx.store.findInCatalog(kind, targetId)) {
      if (ctx.config.strict) return sendDetail(ctx.res, 404, `${kind} ${targetId} not found`);
      return sendDetail(ctx.res, 500, `Foreign key constraint failed on the field: \`${key}\``);
    }
    const link = ctx.store.addLink(kind, agentId, targetId);
    if (!link) return sendDetail(ctx.res, ctx.config.strict ? 409 : 500, ATTACHABLE_OF[kind].attach.duplicateDetail);
    const { agent: _agent, [kind]: _target, ...record } = ctx.store.linkRecord(kind, link, false);
    sendEnvelope(ctx.res, ctx.config.strict ? record : null);
  };
}

export function listLinks(kind: LinkKind): Handler {
  return (ctx) => {
    const agentId = ctx.params[0]!;
    if (!ctx.store.agents.has(agentId)) return agentNotFound(ctx, 'get');
    sendEnvelope(
      ctx.res,
      ctx.store.linksOf(kind, agentId).map((link) => ctx.store.linkRecord(kind, link, false)),
    );
  };
}

/** §12.5: the real routes delete by the composite key and answer 200 data:null whatever was there. */
export function detach(kind: LinkKind): Handler {
  return (ctx) => {
    const [agentId, targetId] = ctx.params as [string, string];
    if (ctx.config.strict && !ctx.store.agents.has(agentId)) return agentNotFound(ctx, 'delete');
    // Idempotent in both modes: a link that is not there is already detached.
    ctx.store.removeLink(kind, agentId, targetId);
    sendEnvelope(ctx.res, null);
  };
}

/** §12.1: newest first; tools and datasources page, LLMs come in one answer without total_pages. */
export function listCatalog(kind: LinkKind): Handler {
  return (ctx) => {
    const all = ctx.store.catalog(kind);
    if (!ATTACHABLE_OF[kind].paged) return sendEnvelope(ctx.res, all);
    const page = readPage(ctx);
    if (!page) return;
    sendEnvelope(ctx.res, all.slice(page.skip, page.skip + page.take), 200, {
      total_pages: Math.ceil(all.length / page.take),
    });
  };
}
