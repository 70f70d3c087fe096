import { CliError } from '../../../errors.js';
import type { ResourceDescriptor } from '../../../resources/descriptor.js';
import { resolveRecordId } from '../../../prompts/pick.js';
import type { RunOf } from '../../command.js';
import { flagName } from '../fields.js';
import { hooksOf } from '../kinds.js';
import { rememberNames } from '../remember.js';
import { recordLabel, typedName } from '../record-label.js';
import type { updateSpec } from './definition.js';

export const updateRun =
  (resource: ResourceDescriptor): RunOf<ReturnType<typeof updateSpec>> =>
  async (options, ctx) => {
    const hooks = hooksOf(resource);
    let changes = await hooks.read(ctx, options);
    const refused = resource.patchRefuses.filter((key) => changes[key] !== undefined);
    if (refused.length > 0) throw hooks.refusal?.(refused) ?? refusal(resource, refused);
    const changeable = resource.fields.filter((field) => !resource.patchRefuses.includes(field.key));
    const wizard = Object.keys(changes).length === 0 && ctx.io.interactive && hooks.askUpdate !== undefined;
    if (Object.keys(changes).length === 0 && !wizard)
      throw new CliError('usage', 'nothing to update', {
        hint: `Pass at least one of ${changeable.map(flagName).join(', ')} or --file.`,
      });
    const client = await ctx.client();
    const id = await resolveRecordId(ctx, resource, options.record, () => hooks.wire.list(client, 1000));
    if (wizard) changes = await hooks.askUpdate!(ctx, id, client);
    const updated = await hooks.wire.update(client, id, changes);
    // The real service answers an agent's PATCH with data:null: the document is then what was sent.
    const record = ctx.io.shown(updated ?? { id, ...changes });
    await ctx.out.result(record, {
      human: () => {
        const named = (record as Record<string, unknown>)[resource.nameKey];
        const name = typeof named === 'string' ? named : typedName(options.record, id);
        ctx.io.logger.success(
          `Updated ${Object.keys(changes).join(', ')} of ${resource.noun} ${recordLabel(name, id)}`,
        );
        return hooks.view(record, ctx.out.theme);
      },
    });
    await rememberNames(ctx, resource, updated ? [updated] : []);
  };

function refusal(resource: ResourceDescriptor, refused: readonly string[]): CliError {
  const flags = resource.fields.filter((field) => refused.includes(field.key)).map(flagName);
  return new CliError(
    'usage',
    `the service cannot change ${flags.join(', ')} of a ${resource.noun}: its update fails on them`,
    {
      hint: `Create a new ${resource.noun} instead.`,
    },
  );
}
