// The verbs of `agents tools|datasources|llms`, for any resource descriptor.
import * as z from 'zod/mini';
import {
  allResources,
  createResource,
  deleteResource,
  getResource,
  updateResource,
  type ResourceRecord,
} from '../../api/resources.js';
import type { Context } from '../../context.js';
import { CliError } from '../../errors.js';
import type { AttachableDescriptor as ResourceDescriptor } from '../../resources/descriptor.js';
import { existingByName } from '../../resources/if-missing.js';
import { confirmDeletion } from '../../prompts/confirm-delete.js';
import { completeFields, flagName, givenFields } from '../../resources/fields.js';
import { describeResource, resourceTable } from '../../resources/view.js';
import type { CommandModule } from '../define.js';
import { aSwitch, aWord, fieldFlagOptions, listOptions, noArguments, noOptions } from '../option-schemas.js';
import { nameOf } from '../../resources/descriptor.js';
export type ResourceVerb = 'list' | 'get' | 'create' | 'update' | 'delete';

/** Each verb's options: what they mean, read once before the verb runs (create and update: the resource's field flags). */
const optionsOf = (resource: ResourceDescriptor) => ({
  list: listOptions,
  get: noOptions,
  create: fieldFlagOptions(resource),
  update: fieldFlagOptions(resource),
  delete: z.object({ yes: aSwitch() }),
});

type OptionsOf<V extends ResourceVerb> = z.infer<ReturnType<typeof optionsOf>[V]>;

/** Each verb's positional arguments: get, update and delete name one record. */
const ARGUMENTS = {
  list: noArguments,
  get: z.tuple([aWord()]),
  create: noArguments,
  update: z.tuple([aWord()]),
  delete: z.tuple([aWord()]),
} satisfies Record<ResourceVerb, z.ZodMiniType>;

type ArgumentsOf<V extends ResourceVerb> = z.infer<(typeof ARGUMENTS)[V]>;

/** The id an argument names: an id, a unique prefix, or a name (an LLM's provider). */
async function requiredId(ctx: Context, resource: ResourceDescriptor, given: unknown): Promise<string> {
  if (typeof given === 'string' && given.trim()) return ctx.resolve(resource, given.trim());
  throw new CliError('usage', `missing <${resource.kind}>`, { hint: `\`agents ${resource.plural} list\` shows them.` });
}

/** One record on stdout: the document (secrets redacted), its id (-q), or the detail view. */
function printOne(ctx: Context, resource: ResourceDescriptor, record: ResourceRecord): void {
  const shown = ctx.io.shown(record);
  ctx.io.result(shown, { quiet: () => record.id, human: () => describeResource(resource, shown, ctx.io.stdoutTheme) });
}

const nameOrId = (resource: ResourceDescriptor, record: ResourceRecord) => nameOf(resource, record) || record.id;

/** Remembers the names of what was just seen, for completion (best effort, as for agents). */
const remember = (ctx: Context, resource: ResourceDescriptor, records: ResourceRecord[]) =>
  ctx.recordLocally((state) =>
    state.rememberResources(
      resource.plural,
      Object.fromEntries(records.map((record) => [record.id, stringOrNothing(record[resource.nameKey])])),
    ),
  );

const stringOrNothing = (value: unknown) => (typeof value === 'string' ? value : undefined);

const verbs: {
  [V in ResourceVerb]: (
    resource: ResourceDescriptor,
    ctx: Context,
    args: ArgumentsOf<V>,
    options: OptionsOf<V>,
  ) => Promise<void>;
} = {
  async list(resource, ctx, _args, { limit, all }) {
    const records = await allResources(await ctx.client(), resource, { limit: all ? Infinity : limit });
    ctx.io.result(ctx.io.shown(records), {
      quiet: () => records.map((record) => record.id),
      human: () => {
        if (records.length > 0) return resourceTable(resource, records, ctx.io.stdoutTheme, ctx.io.columns);
        ctx.io.logger.info(`No ${resource.noun}s yet. Create one with \`agents ${resource.plural} create\`.`);
      },
    });
    await remember(ctx, resource, records);
  },

  async get(resource, ctx, args) {
    const record = await getResource(await ctx.client(), resource, await requiredId(ctx, resource, args[0]));
    printOne(ctx, resource, record);
    await remember(ctx, resource, [record]);
  },

  async create(resource, ctx, _args, options) {
    const fields = await completeFields(resource, ctx, await givenFields(resource, ctx, options));
    const client = await ctx.client();
    if (options.ifMissing) {
      const records = await allResources(client, resource);
      const existing = existingByName(
        records,
        (record) => record[resource.nameKey],
        fields[resource.nameKey],
        resource.noun,
      );
      if (existing) {
        printOne(ctx, resource, existing);
        ctx.io.logger.info(`${resource.noun} ${nameOrId(resource, existing)} exists already: nothing created`);
        return remember(ctx, resource, [existing]);
      }
    }
    const created = await createResource(client, resource, fields);
    printOne(ctx, resource, created);
    ctx.io.logger.success(`Created ${resource.noun} ${nameOrId(resource, created)}`);
    await remember(ctx, resource, [created]);
  },

  async update(resource, ctx, args, options) {
    const id = await requiredId(ctx, resource, args[0]);
    const changes = await givenFields(resource, ctx, options);
    if (Object.keys(changes).length === 0) {
      throw new CliError('usage', 'nothing to change', {
        hint: `Pass one or more of ${resource.fields.map(flagName).join(', ')}.`,
      });
    }
    const refused = resource.fields.filter(
      (field) => resource.patchRefuses.includes(field.key) && changes[field.key] !== undefined,
    );
    if (refused.length > 0) {
      throw new CliError(
        'usage',
        `the service cannot change ${refused.map(flagName).join(', ')} of a ${resource.noun}: its update fails on them`,
        {
          hint: `Create a new ${resource.noun} instead.`,
        },
      );
    }
    const client = await ctx.client();
    // Read first: the service's PATCH needs some fields resent, and its "not found" is unreliable.
    const current = await getResource(client, resource, id);
    const updated = await updateResource(client, resource, current, changes);
    printOne(ctx, resource, updated);
    ctx.io.logger.success(`Updated ${resource.noun} ${nameOrId(resource, updated)}`);
    await remember(ctx, resource, [updated]);
  },

  async delete(resource, ctx, args, options) {
    const id = await requiredId(ctx, resource, args[0]);
    const client = await ctx.client();
    // The real tool DELETE answers 200 for an id that does not exist: look first, to say so.
    const current = await getResource(client, resource, id);
    const label = `${resource.noun} ${nameOrId(resource, current)} (${id})`;
    await confirmDeletion(ctx, label, options.yes, 'Agents using it lose it. This cannot be undone.');
    await deleteResource(client, resource, id);
    if (ctx.io.json) ctx.io.printJson({ id, deleted: true });
    else ctx.io.logger.success(`Deleted ${label}`);
    await ctx.recordLocally((state) => state.forgetResource(resource.plural, id));
  },
};

export function resourceVerb<V extends ResourceVerb>(
  resource: ResourceDescriptor,
  verb: V,
): CommandModule<OptionsOf<V>, ArgumentsOf<V>> {
  const run = verbs[verb] as (
    resource: ResourceDescriptor,
    ctx: Context,
    args: ArgumentsOf<V>,
    options: OptionsOf<V>,
  ) => Promise<void>;
  return {
    optionsSchema: optionsOf(resource)[verb] as unknown as z.ZodMiniType<OptionsOf<V>>,
    argumentsSchema: ARGUMENTS[verb] as unknown as z.ZodMiniType<ArgumentsOf<V>>,
    run: (ctx, args, options) => run(resource, ctx, args, options),
  };
}
