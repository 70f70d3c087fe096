import { detachFromAgent } from '../../api/agents.js';
import type { Context } from '../../context.js';
import { CliError, errorFields, PartialFailure } from '../../errors.js';
import { reportError } from '../../report.js';
import * as z from 'zod/mini';
import type { CommandModule } from '../define.js';
import { aWord, noOptions, someWords } from '../option-schemas.js';
import { attachKey } from '../../resources/descriptor.js';
import { ATTACHABLE_OF, type AttachKind } from '../../resources/registry.js';

const noun = (kind: AttachKind) => ATTACHABLE_OF[kind].noun;

export const argumentsSchema = z.tuple([aWord(), someWords()]);

export function detachModule(
  kind: AttachKind,
): CommandModule<z.infer<typeof noOptions>, z.infer<typeof argumentsSchema>> {
  return {
    optionsSchema: noOptions,
    argumentsSchema,
    async run(ctx: Context, [agent, references]): Promise<void> {
      const agentId = await ctx.resolve('agent', agent);
      const ids: string[] = [];
      for (const reference of new Set(references.filter(Boolean))) ids.push(await ctx.resolve(kind, reference));
      const client = await ctx.client();
      const idKey = attachKey(ATTACHABLE_OF[kind]);
      const results: Array<Record<string, unknown>> = [];
      const failures: CliError[] = [];
      // Every id is tried, so one run reports every failure, not only the first.
      for (const id of ids) {
        try {
          await detachFromAgent(client, kind, agentId, id);
          results.push({ agentId, [idKey]: id, detached: true });
          ctx.io.logger.success(`Detached ${noun(kind)} ${id} from agent ${agentId}`);
        } catch (error) {
          if (!(error instanceof CliError) || error.kind === 'interrupted') throw error;
          failures.push(error);
          results.push({ agentId, [idKey]: id, detached: false, error: errorFields(error) });
          if (ids.length > 1)
            reportError(error, { stderr: ctx.io.stderr, theme: ctx.io.theme, debug: ctx.globals.debug });
        }
      }
      if (ctx.io.json) ctx.io.printJson(results);
      const first = failures[0];
      if (first) throw ids.length > 1 ? new PartialFailure(failures) : first;
    },
  };
}
