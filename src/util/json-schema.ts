// A real JSON Schema validator (Ajv) for schemas users write: draft-04, -06, -07, 2019-09 and
// 2020-12, chosen by $schema (draft-07 when absent). Read leniently, as the spec says: unknown
// keywords are ignored and `format` is an annotation, not Ajv's strict mode, which rejects valid
// schemas. Loaded only when a schema is given: Ajv costs tens of ms to load.
import { boundedRegExp, RegexTimeoutError } from './bounded-regex.js';
import { CliError } from '../errors.js';
import { importAjv, importAjv2019, importAjv2020, importAjvDraft04 } from './esm-vendor.js';

/** The problems of a value, one line each; empty when it matches. */
export type JsonSchemaCheck = (value: unknown) => string[];

type Dialect = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

function dialectOf(schema: Record<string, unknown>, what: string): Dialect {
  const declared = schema.$schema;
  if (declared === undefined) return 'draft-07';
  const uri = typeof declared === 'string' ? declared : '';
  for (const dialect of ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12'] as const) {
    if (uri.includes(`json-schema.org/${dialect}/`) || uri.includes(`json-schema.org/draft/${dialect}/`))
      return dialect;
  }
  throw new CliError(
    'usage',
    `${what} declares "$schema": ${JSON.stringify(declared)}, a JSON Schema version the CLI does not know`,
    {
      hint: 'Use draft-04, -06, -07, 2019-09 or 2020-12, or leave $schema out (draft-07).',
    },
  );
}

/**
 * The class a CommonJS module exports, however the loader wrapped it: Node gives the function
 * as `default`, the bundle may add another `default` level (the modules set __esModule).
 */
function classOf<T>(module: { default?: unknown }): T {
  let value: unknown = module;
  while (typeof value !== 'function' && value !== null && typeof value === 'object' && 'default' in value)
    value = value.default;
  return value as T;
}

/** An Ajv of the dialect; `checksSchemas: false` leaves checking a schema against its meta-schema to schemaChecker(). */
async function validatorFor(dialect: Dialect, checksSchemas = true) {
  // Patterns match in bounded time (bounded-regex.ts): a schema's `pattern` is text from outside.
  const options = {
    strict: false,
    allErrors: true,
    validateFormats: false,
    validateSchema: checksSchemas,
    logger: false as const,
    code: { regExp: boundedRegExp },
  };
  switch (dialect) {
    case 'draft-04': {
      const Ajv04 = classOf<typeof import('ajv-draft-04').default>(await importAjvDraft04());
      return new Ajv04(options);
    }
    case '2019-09': {
      const Ajv2019 = classOf<typeof import('ajv/dist/2019.js').Ajv2019>(await importAjv2019());
      return new Ajv2019(options);
    }
    case '2020-12': {
      const Ajv2020 = classOf<typeof import('ajv/dist/2020.js').Ajv2020>(await importAjv2020());
      return new Ajv2020(options);
    }
    default: {
      const Ajv = classOf<typeof import('ajv').Ajv>(await importAjv());
      const ajv = new Ajv(options);
      if (dialect === 'draft-06')
        ajv.addMetaSchema(
          (await import('ajv/dist/refs/json-schema-draft-06.json', { with: { type: 'json' } })).default,
        );
      return ajv;
    }
  }
}

/**
 * One Ajv per dialect, kept, checks schemas against the dialect's meta-schema: compiling that
 * meta-schema is most of what a new Ajv costs (3.7 of 4 ms here), which an eval file paid for each
 * distinct schema of its cases, and `mcp serve` for each agent's. Each schema is then compiled in
 * an Ajv of its own, as before, so the `$id`s of one never meet another's.
 */
const schemaCheckers = new Map<Dialect, ReturnType<typeof validatorFor>>();
function schemaChecker(dialect: Dialect) {
  let checker = schemaCheckers.get(dialect);
  if (!checker) schemaCheckers.set(dialect, (checker = validatorFor(dialect)));
  return checker;
}

/**
 * Compiles a schema, or throws a usage error (exit 2) saying why it cannot be used: a schema
 * that is not valid for its version, or a $ref that points nowhere.
 */
export async function compileJsonSchema(schema: Record<string, unknown>, what: string): Promise<JsonSchemaCheck> {
  const dialect = dialectOf(schema, what);
  const checker = await schemaChecker(dialect);
  const ajv = await validatorFor(dialect, false);
  const validate = (() => {
    try {
      // Throws "schema is invalid: …"; a meta-schema is never async, so nothing is left to await.
      void checker.validateSchema(schema, true);
      return ajv.compile(schema);
    } catch (error) {
      throw new CliError('usage', `${what} is not a usable JSON Schema: ${(error as Error).message}`);
    }
  })();
  return (value) => {
    try {
      if (validate(value)) return [];
    } catch (error) {
      if (error instanceof RegexTimeoutError) return [error.message]; // the value could not be shown to match
      throw error;
    }
    return (validate.errors ?? []).map(
      (issue) =>
        `${issue.instancePath ? issue.instancePath.slice(1).replaceAll('/', '.') : '(root)'}: ${issue.message ?? 'is invalid'}${detailOf(issue.params)}`,
    );
  };
}

/** The value Ajv's message leaves out (which property, which values). */
function detailOf(params: Record<string, unknown>): string {
  if (typeof params.additionalProperty === 'string') return ` ("${params.additionalProperty}")`;
  if (Array.isArray(params.allowedValues)) return ` (${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`;
  return '';
}
