// The five changes of docs/architecture.md's cost table, as a maintainer would make them: the
// files a change writes and the edits it makes to files that exist (each anchor found once).
import type { Change } from '../helpers/scratch-change.js';

/** `agents ping`: a GET with a flag and a --json document. */
export const NEW_COMMAND: Change = {
  create: {
    'src/commands/ping/definition.ts': `// \`agents ping\`: made by test/cost/cost-of-change.test.ts.
import { z } from '../../util/zod.js';
import { defineSpec } from '../../definition/define.js';
import { wholeNumber } from '../../util/readers.js';

export const spec = defineSpec({
  path: 'ping',
  summary: 'Check that the service answers',
  args: [],
  flags: {
    count: { type: 'value', help: 'how many requests', placeholder: 'n', read: wholeNumber(1, 5), complete: { kind: 'free' } },
  },
  output: { name: 'ping', schema: () => z.object({ ok: z.boolean(), requests: z.number() }) },
  uses: ['service'],
  examples: ['agents ping', 'agents ping --count 3 --json'],
});
`,
    'src/commands/ping/run.ts': `import { getMe } from '../../api/accounts.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const requests = options.count ?? 1;
  for (let i = 0; i < requests; i++) await getMe(await ctx.client());
  await ctx.out.result({ ok: true, requests }, { quiet: () => 'ok', human: () => \`pong (\${requests})\` });
};
`,
  },
  edits: [
    {
      file: 'src/commands/registry.ts',
      find: `  command(\n    'whoami',`,
      replace: `  command(\n    'ping',\n    () => spec(import('./ping/definition.js')),\n    () => run(import('./ping/run.js')),\n  ),\n  command(\n    'whoami',`,
    },
  ],
};

/** `whoami --field id|email`. */
export const NEW_COMMAND_FLAG: Change = {
  edits: [
    {
      file: 'src/commands/whoami/definition.ts',
      find: '  flags: {},',
      replace: `  flags: {\n    field: { type: 'value', help: 'print only this field', placeholder: 'name', read: oneOf(['id', 'email']), complete: { kind: 'choices', choices: ['id', 'email'] } },\n  },`,
    },
    {
      file: 'src/commands/whoami/definition.ts',
      find: `import { defineSpec } from '../../definition/define.js';`,
      replace: `import { defineSpec } from '../../definition/define.js';\nimport { oneOf } from '../../util/readers.js';`,
    },
    {
      file: 'src/commands/whoami/run.ts',
      find: `  const t = ctx.out.theme;`,
      replace: `  if (options.field) return ctx.out.result(shown[options.field], { human: () => String(shown[options.field!]) });\n  const t = ctx.out.theme;`,
    },
    { file: 'src/commands/whoami/run.ts', find: `async (_options, ctx)`, replace: `async (options, ctx)` },
  ],
};

/** `retries`: --retries, AGENTS_RETRIES, `config set retries`, 0 to 10, 2 by default. */
export const NEW_SETTING: Change = {
  edits: [
    {
      file: 'src/config/setting-specs.ts',
      find: '] as const satisfies readonly SettingSpec[];',
      replace: `  {
    field: 'retries',
    type: 'number',
    key: 'retries',
    flag: { placeholder: 'n' },
    env: 'AGENTS_RETRIES',
    default: 2,
    help: 'how many times a failed request is tried again',
    read: wholeNumber(0, 10),
  },
] as const satisfies readonly SettingSpec[];`,
    },
  ],
};

/** `--yaml`: every document as YAML. */
export const NEW_FORMAT: Change = {
  edits: [
    {
      file: 'src/definition/output-formats.ts',
      find: '} satisfies Record<string, DocumentFormat>;',
      replace: `  yaml: {
    flag: on('print the document as YAML'),
    load: async () => {
      const { stringify } = await (await import('../util/load-yaml.js')).loadYaml();
      return (value) => [{ text: stringify(value).trimEnd() }];
    },
    failure: (failure) => [{ text: 'error:\\n  ' + JSON.stringify(failure) }],
  },
} satisfies Record<string, DocumentFormat>;`,
    },
  ],
};

/** Vector databases: a kind an agent attaches, which the real service does not have. */
export const NEW_KIND: Change = {
  create: {
    'src/resources/vector-db.ts': `// A kind made by test/cost/cost-of-change.test.ts.
import type { AttachableDescriptor } from './descriptor.js';

export const VECTOR_DB = {
  kind: 'vectordb',
  noun: 'vector database',
  plural: 'vectordbs',
  command: 'agents vectordbs',
  segment: 'vector-dbs',
  nameKey: 'name',
  paged: true,
  deletable: true,
  patchResends: [],
  patchRefuses: [],
  columns: ['name', 'provider'],
  shownToo: [],
  fields: [
    { key: 'name', flag: 'name', label: 'Name', type: 'text', required: true, description: 'name of the database' },
    {
      key: 'provider',
      flag: 'provider',
      label: 'Provider',
      type: 'enum',
      choices: ['PINECONE', 'QDRANT', 'WEAVIATE'],
      required: true,
      description: 'who hosts it',
    },
    { key: 'options', flag: 'options', label: 'Options', type: 'json-object', description: 'its settings, as JSON' },
  ],
  examples: {
    seeded: 'memory',
    create: ['agents vectordbs create --name memory --provider QDRANT'],
    update: 'agents vectordbs update memory --provider PINECONE',
  },
  attach: { listedPerAgent: true, duplicateDetail: 'Agent vector database already exists' },
} as const satisfies AttachableDescriptor;
`,
  },
  edits: [
    {
      file: 'src/resources/registry.ts',
      find: `export const ATTACHABLE = [TOOL, DATASOURCE, LLM] as const;`,
      replace: `import { VECTOR_DB } from './vector-db.js';\nexport const ATTACHABLE = [TOOL, DATASOURCE, LLM, VECTOR_DB] as const;`,
    },
  ],
};
