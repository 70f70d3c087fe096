// Tools, datasources and LLMs (legacy-service.md §12): create, get, update, delete, with each
// route's own way of failing. Strict mode answers 201, 404 and 422 where the real service has
// 200 data:null, 500s and database errors.
import { checkedEnum, type ResourceDescriptor } from '../resources/descriptor.js';
import { ATTACHABLE_OF } from '../resources/registry.js';
import type { Handler, RouteContext } from './context.js';
import { sendDetail, sendEnvelope, sendInternalError, sendValidation } from './http.js';
import { pythonJsonDumps } from './python-json.js';
import type { LinkKind } from './store.js';
import { readValidBody, type FieldRule } from './validation.js';
import { capitalized, textOf } from '../util/text-of.js';

type Rules = Record<string, FieldRule>;

/**
 * The request bodies of §12.2, read from the same descriptors as the CLI's flags: there the service
 * and the CLI agree on every field, its type and which are required. The service reads enums as
 * plain strings (the database rejects other values, see badEnum), except the datasource's
 * embeddings provider, a pydantic enum. (The agent body is written out in agent-routes.ts: there the
 * service requires only a name and takes fields the CLI never sends.)
 */
function rulesOf(resource: ResourceDescriptor, pydanticEnums: readonly string[] = []): Rules {
  const typeOf = { text: 'str', enum: 'str', boolean: 'bool', 'json-object': 'object' } as const;
  return Object.fromEntries(
    resource.fields.map((field) => [
      field.key,
      {
        type: typeOf[field.type],
        ...(field.required && { required: true }),
        ...(pydanticEnums.includes(field.key) && field.choices && { oneOf: field.choices }),
      },
    ]),
  );
}

/** A kind's body rules, from its descriptor; the datasource's embeddings provider is a pydantic enum. */
function rulesFor(kind: LinkKind): Rules {
  return rulesOf(ATTACHABLE_OF[kind], kind === 'datasource' ? ['embeddingsModelProvider'] : []);
}

/**
 * A type or provider outside the database's enum. The real service fails in the database: a 500
 * with Prisma's words where a try/except catches it, plain text where none does (§12.3).
 */
function badEnum(ctx: RouteContext, kind: LinkKind, body: Record<string, unknown>, caught: boolean): boolean {
  const { key, choices: values = [] } = checkedEnum(ATTACHABLE_OF[kind])!;
  const value = body[key];
  if (value === undefined || values.includes(value as string)) return false;
  if (ctx.config.strict)
    sendValidation(ctx.res, [
      {
        loc: ['body', key],
        msg: `value is not a valid enumeration member; permitted: ${values.map((v) => `'${v}'`).join(', ')}`,
        type: 'type_error.enum',
      },
    ]);
  else if (caught) sendDetail(ctx.res, 500, `Invalid enum value "${textOf(value)}" for field ${key}`);
  else sendInternalError(ctx.res);
  return true;
}

function created(ctx: RouteContext, record: unknown): void {
  sendEnvelope(ctx.res, record, ctx.config.strict ? 201 : 200);
}

function missing(ctx: RouteContext, kind: LinkKind, real: () => void): void {
  if (ctx.config.strict) sendDetail(ctx.res, 404, `${capitalized(ATTACHABLE_OF[kind].noun)} not found`);
  else real();
}

/**
 * Each kind's routes are the real service's, quirks and all, where the service has the kind; a
 * kind it does not have (a new descriptor in registry.ts) is served plainly: the descriptor's fields,
 * 201/404/422 in strict mode and the service's usual 200 with `data: null` otherwise.
 */
export function createRecord(kind: LinkKind): Handler {
  const resource = ATTACHABLE_OF[kind];
  return (ctx) => {
    const body = readValidBody(ctx, rulesFor(kind));
    if (!body) return;
    switch (kind) {
      case 'tool': {
        if (badEnum(ctx, kind, body, true)) return;
        const metadata = body.metadata && Object.keys(body.metadata).length > 0 ? pythonJsonDumps(body.metadata) : ''; // tools.py:74
        const record = ctx.store.addToCatalog('tool', {
          name: body.name,
          description: body.description ?? 'a helpful tool.',
          type: body.type,
          returnDirect: body.returnDirect ?? false,
          metadata,
          tools: null,
          toolConfig: null,
        });
        return created(ctx, record);
      }
      case 'datasource': {
        if (badEnum(ctx, kind, body, true)) return;
        const metadata = body.metadata as Record<string, unknown> | undefined;
        if (metadata && Object.keys(metadata).length === 0 && !ctx.config.strict)
          return sendDetail(ctx.res, 500, 'Invalid argument type for metadata'); // an empty {} reaches Prisma as an object
        const record = ctx.store.addToCatalog('datasource', {
          name: body.name,
          content: body.content ?? null,
          description: body.description ?? null,
          url: body.url ?? null,
          type: body.type,
          metadata: metadata && Object.keys(metadata).length > 0 ? pythonJsonDumps(metadata) : null,
          status: 'IN_PROGRESS',
          datasources: null,
          vectorDb: null,
          vectorDbId: body.vectorDbId ?? null,
        });
        created(ctx, record);
        // The real service embeds in the background and then marks it DONE; here that is instant.
        record.status = 'DONE';
        return;
      }
      case 'llm':
        if (badEnum(ctx, kind, body, false)) return;
        return created(
          ctx,
          ctx.store.addToCatalog('llm', {
            provider: body.provider,
            apiKey: body.apiKey,
            options: body.options ?? null,
            agents: null,
          }),
        );
      default: {
        if (badEnum(ctx, kind, body, true)) return;
        const fields = resource.fields.map((field): [string, unknown] => [field.key, body[field.key] ?? null]);
        return created(ctx, ctx.store.addToCatalog(resource.kind as LinkKind, Object.fromEntries(fields)));
      }
    }
  };
}

export function getRecord(kind: LinkKind): Handler {
  return (ctx) => {
    const record = ctx.store.findInCatalog(kind, ctx.params[0]!);
    if (record) return sendEnvelope(ctx.res, record);
    missing(ctx, kind, () =>
      kind === 'llm'
        ? sendDetail(ctx.res, 500, "'NoneType' object has no attribute 'options'")
        : sendEnvelope(ctx.res, null),
    );
  };
}

/** The fields sent and not null, of those the kind has: what a PATCH writes. */
function sentFields(kind: LinkKind, body: Record<string, unknown>): Record<string, unknown> {
  const rules = rulesFor(kind);
  return Object.fromEntries(
    Object.entries(body).filter(([key, value]) => key in rules && value !== null && value !== undefined),
  );
}

export function updateRecord(kind: LinkKind): Handler {
  return (ctx) => {
    const id = ctx.params[0]!;
    switch (kind) {
      case 'tool': {
        const body = readValidBody(ctx, optional(rulesFor(kind)));
        if (!body) return;
        if (!ctx.store.findInCatalog(kind, id)) return missing(ctx, kind, () => sendInternalError(ctx.res)); // None.toolConfig, no try/except
        if (badEnum(ctx, kind, body, false)) return;
        // Only fields sent and not null are written (tools.py:153-158); metadata as text.
        const fields = sentFields(kind, body);
        if (fields.metadata !== undefined) fields.metadata = pythonJsonDumps(fields.metadata);
        return sendEnvelope(ctx.res, ctx.store.updateInCatalog(kind, id, fields));
      }
      case 'datasource': {
        // PATCH reads the create body: name and type again, and a metadata object fails (§12.2, §12.3).
        const body = readValidBody(ctx, rulesFor(kind));
        if (!body) return;
        if (!ctx.store.findInCatalog(kind, id)) return missing(ctx, kind, () => sendEnvelope(ctx.res, null));
        if (badEnum(ctx, kind, body, true)) return;
        if (body.metadata !== undefined && !ctx.config.strict)
          return sendDetail(ctx.res, 500, 'Invalid argument type for metadata');
        const { embeddingsModelProvider: _ignored, ...fields } = body;
        return sendEnvelope(ctx.res, ctx.store.updateInCatalog(kind, id, fields));
      }
      case 'llm': {
        const body = readValidBody(ctx, rulesFor(kind));
        if (!body) return;
        if (!ctx.store.findInCatalog(kind, id))
          return missing(ctx, kind, () => sendDetail(ctx.res, 500, "'NoneType' object has no attribute 'options'"));
        if (badEnum(ctx, kind, body, true)) return;
        // options is rewritten: null when left out (llms.py:95).
        return sendEnvelope(
          ctx.res,
          ctx.store.updateInCatalog(kind, id, {
            provider: body.provider,
            apiKey: body.apiKey,
            options: body.options ?? null,
          }),
        );
      }
      default: {
        const body = readValidBody(ctx, optional(rulesFor(kind)));
        if (!body) return;
        if (!ctx.store.findInCatalog(kind, id)) return missing(ctx, kind, () => sendEnvelope(ctx.res, null));
        if (badEnum(ctx, kind, body, true)) return;
        return sendEnvelope(ctx.res, ctx.store.updateInCatalog(kind, id, sentFields(kind, body)));
      }
    }
  };
}

/** The same rules with nothing required: a PATCH sends what changes. */
const optional = (rules: Rules): Rules =>
  Object.fromEntries(Object.entries(rules).map(([key, { required: _required, ...rule }]) => [key, rule]));

export function deleteRecord(kind: LinkKind): Handler {
  return (ctx) => {
    const id = ctx.params[0]!;
    if (ctx.store.removeFromCatalog(kind, id)) return sendEnvelope(ctx.res, null);
    missing(ctx, kind, () =>
      kind === 'tool'
        ? sendEnvelope(ctx.res, null)
        : sendDetail(ctx.res, 500, "'NoneType' object has no attribute 'vectorDb'"),
    );
  };
}
