// `agents add-tool`, `add-datasource`, `add-llm`: one shape, each attachable kind.
import type { AttachableDescriptor } from '../../../resources/descriptor.js';
import { ATTACHABLE, referenceWords } from '../../../resources/registry.js';
import { z } from '../../../util/zod.js';
import { optionalArg, variadicArg } from '../../../definition/flags.js';
import { linkResultsShape } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import { attachPath } from '../texts.js';
import { attachKey } from '../../../resources/descriptor.js';
import { AGENT_ARGUMENT } from '../../argument-words.js';

export const attachSpec = (resource: AttachableDescriptor) =>
  defineSpec({
    path: attachPath(resource),
    summary: `Attach one or more ${resource.noun}s to an agent`,
    description: `Attach one or more ${resource.noun}s to an agent. Attaching one that is already there succeeds, so scripts can re-run.`,
    args: [
      optionalArg('agent', `${AGENT_ARGUMENT} (asked for on a terminal when left out)`, {
        complete: { kind: 'known', of: 'agent' },
      }),
      variadicArg(
        'records',
        `the ${resource.noun}s to attach, each ${referenceWords(resource)} (picked from a list on a terminal when left out)`,
        { label: resource.kind, complete: { kind: 'known', of: resource.kind as 'tool' } },
      ),
    ],
    flags: {},
    output: { name: 'attach', schema: attachedShape },
    uses: ['service', 'state', 'prompts'],
    examples: [
      `agents add-${resource.kind} "Docs bot" ${resource.examples.seeded}`,
      `agents add-${resource.kind} "Docs bot" ${resource.examples.seeded} --json`,
    ],
  });

/** One entry per id, whatever the kind: its id under the kind's key (toolId, …). */
const attachedShape = () =>
  linkResultsShape(
    { attached: z.boolean(), alreadyAttached: z.boolean() },
    `agents ${ATTACHABLE.map((kind) => `add-${kind.kind}`).join('|')} --json: one entry per id (the id under ${ATTACHABLE.map(attachKey).join(', ')})`,
  );
