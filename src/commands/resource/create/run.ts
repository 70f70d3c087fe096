import type { ResourceRecord } from '../../../api/resources.js';
import type { Context } from '../../../context.js';
import { CliError } from '../../../errors.js';
import { nameOf, type ResourceDescriptor } from '../../../resources/descriptor.js';
import { existingByName } from '../../../resources/if-missing.js';
import type { RunOf } from '../../command.js';
import { requireFields } from '../fields.js';
import { hooksOf } from '../kinds.js';
import { rememberNames } from '../remember.js';
import type { createSpec } from './spec.js';

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
        await print(ctx, resource, existing, false);
        return rememberNames(ctx, resource, [existing]);
      }
    }
    const created = await hooks.wire.create(client, fields).catch((error: unknown) => {
      // Answers typed into the wizard are not lost with a failed request: say how to send them again.
      if (reviewed && error instanceof CliError && hooks.resendHint) throw error.withHint(hooks.resendHint(fields));
      throw error;
    });
    await print(ctx, resource, created, reviewed, `Created ${resource.noun} ${label(resource, created, fields)}`);
    // After the id is out: a retry after a failure here would make a duplicate.
    await rememberNames(ctx, resource, [created]);
  };

/** The record (--json), its id (-q), or its view; after the wizard's summary, only the id is new. */
async function print(
  ctx: Context,
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

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
