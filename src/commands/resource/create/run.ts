import type { ResourceRecord } from '../../../api/resources.js';
import type { Uses } from '../../../context.js';
import { CliError } from '../../../errors.js';
import { nameOf, type ResourceDescriptor } from '../../../resources/descriptor.js';
import { driftedFields, existingByName } from '../../../resources/if-missing.js';
import { plural } from '../../../util/plural.js';
import { verbPath } from '../texts.js';
import type { RunOf } from '../../command.js';
import { requireFields } from '../fields.js';
import { hooksOf } from '../kinds.js';
import { knownHere } from '../record-label.js';
import { rememberNames, stateSection } from '../remember.js';
import type { createSpec } from './definition.js';

export const createRun =
  (resource: ResourceDescriptor): RunOf<ReturnType<typeof createSpec>> =>
  async (options, ctx) => {
    const hooks = hooksOf(resource);
    const given = await hooks.read(ctx, options);
    const { fields, reviewed } = await hooks.complete(ctx, given, options);
    requireFields(resource, fields);
    const client = await ctx.client();
    if (options.ifMissing) {
      const same = existingByName(
        await hooks.wire.list(client, Infinity),
        (r) => r[resource.nameKey],
        fields[resource.nameKey],
        resource.noun,
      );
      if (same) {
        ctx.io.logger.info(`${capital(resource.noun)} ${label(resource, same)} exists already: nothing created`);
        const existing = await hooks.wire.get(client, same.id);
        warnOfDrift(ctx, resource, fields, existing);
        await print(ctx, resource, existing, false);
        return rememberNames(ctx, resource, [existing]);
      }
    }
    const created = await hooks.wire.create(client, fields).catch(async (error: unknown) => {
      // Answers typed into the wizard are not lost with a failed request: say how to send them again.
      if (reviewed && error instanceof CliError && hooks.resendHint)
        throw error.withHint(await hooks.resendHint(fields));
      throw error;
    });
    if (!options.ifMissing && resource.nameKey === 'name') warnOfNamesakes(ctx, resource, created);
    await print(ctx, resource, created, reviewed, `Created ${resource.noun} ${label(resource, created, fields)}`);
    // After the id is out: a retry after a failure here would make a duplicate.
    await rememberNames(ctx, resource, [created]);
  };

/** The record (--json), its id (-q), or its view; after the wizard's summary, only the id is new. */
async function print(
  ctx: Uses<'state'>,
  resource: ResourceDescriptor,
  record: ResourceRecord,
  reviewed: boolean,
  done?: string,
): Promise<void> {
  const shown = ctx.io.shown(record);
  await ctx.out.result(shown, {
    quiet: () => record.id,
    human: () => {
      if (done) ctx.io.logger.success(done);
      return reviewed ? record.id : hooksOf(resource).view(shown, ctx.out.theme);
    },
  });
}

const label = (resource: ResourceDescriptor, record: ResourceRecord, fields: Record<string, unknown> = {}) =>
  nameOf(resource, record) ||
  (typeof fields[resource.nameKey] === 'string' ? (fields[resource.nameKey] as string) : record.id);

/** Fields the flags set that the existing record does not have: said on stderr, with how to apply them. */
function warnOfDrift(
  ctx: Uses<'state'>,
  resource: ResourceDescriptor,
  given: Record<string, unknown>,
  existing: ResourceRecord,
): void {
  const drifted = driftedFields(resource, given, existing);
  if (drifted.length === 0) return;
  const names = drifted.map((field) => field.viewLabel ?? field.key).join(', ');
  const flags = drifted.map((field) => `--${field.flag} …`).join(' ');
  ctx.io.logger.warn(
    `its ${names} differ${drifted.length === 1 ? 's' : ''} from what was given and ${drifted.length === 1 ? 'was' : 'were'} left as ${drifted.length === 1 ? 'it is' : 'they are'}: \`agents ${verbPath(resource, 'update')} ${existing.id} ${flags}\` changes ${drifted.length === 1 ? 'it' : 'them'} (or declare it in a stack file for \`agents apply\`)`,
  );
}

/**
 * Other records of the created one's name that this machine knows (it learns names from every
 * create, list and get): said on stderr, since every later reference by that name is ambiguous.
 * No request is spent on it, so records made elsewhere and never seen here are not counted. An
 * LLM is known by its provider, and two of one provider (two keys) are common: not warned of.
 */
function warnOfNamesakes(ctx: Uses<'state'>, resource: ResourceDescriptor, created: ResourceRecord): void {
  const name = created[resource.nameKey];
  if (typeof name !== 'string' || name === '') return;
  const others = Object.entries(knownHere(ctx, stateSection(resource))).filter(
    ([id, record]) => id !== created.id && record.name === name,
  );
  if (others.length === 0) return;
  ctx.io.logger.warn(
    `${plural(others.length, `other ${resource.noun}`)} ${others.length === 1 ? 'is' : 'are'} named ${JSON.stringify(name)} (${others.map(([id]) => id).join(', ')}): a reference by that name is now ambiguous; --if-missing creates only when none is`,
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
