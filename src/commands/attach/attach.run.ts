import { attachToAgent } from '../../api/agents.js';
import type { Context } from '../../context.js';
import { CliError, errorFields, PartialFailure } from '../../errors.js';
import { reportError } from '../../report.js';
import * as z from 'zod/mini';
import type { CommandModule } from '../define.js';
import { maybeWord, noOptions, someWords } from '../option-schemas.js';
import { attachKey } from '../../resources/descriptor.js';
import { ATTACHABLE_OF, type AttachKind } from '../../resources/registry.js';
import { resolveAgentId, resolveResourceIds } from '../../prompts/pick.js';

const noun = (kind: AttachKind) => ATTACHABLE_OF[kind].noun;
const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);

export const argumentsSchema = z.tuple([maybeWord(), someWords()]);

export function attachModule(
  kind: AttachKind,
): CommandModule<z.infer<typeof noOptions>, z.infer<typeof argumentsSchema>> {
  return {
    optionsSchema: noOptions,
    argumentsSchema,
    async run(ctx: Context, [agent, references]): Promise<void> {
      const client = await ctx.client();
      const agentId = await resolveAgentId(ctx, agent, () => Promise.resolve(client));
      const ids = [...new Set(await resolveResourceIds(ctx, kind, references, client))]; // references (names, prefixes, ids)
      const idKey = attachKey(ATTACHABLE_OF[kind]);
      const results: Array<Record<string, unknown>> = [];
      const failures: CliError[] = [];
      // Every id is tried, so one run reports every bad id, not only the first.
      for (const reference of ids) {
        let id = reference;
        try {
          id = await ctx.resolve(kind, reference);
          const { alreadyAttached } = await attachToAgent(client, kind, agentId, id);
          results.push({ agentId, [idKey]: id, attached: true, alreadyAttached });
          ctx.io.logger.success(
            alreadyAttached
              ? `${capitalized(noun(kind))} ${id} was already attached to agent ${agentId}`
              : `Attached ${noun(kind)} ${id} to agent ${agentId}`,
          );
        } catch (error) {
          if (!(error instanceof CliError) || error.kind === 'interrupted') throw error;
          failures.push(error);
          results.push({ agentId, [idKey]: id, attached: false, alreadyAttached: false, error: errorFields(error) });
          if (ids.length > 1)
            reportError(error, { stderr: ctx.io.stderr, theme: ctx.io.theme, debug: ctx.globals.debug });
        }
      }
      // One shape whatever the count: an array, one entry per id.
      if (ctx.io.json) ctx.io.printJson(results);
      const first = failures[0];
      if (first) throw ids.length > 1 ? new PartialFailure(failures) : first;
    },
  };
}
