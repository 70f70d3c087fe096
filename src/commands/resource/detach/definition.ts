// `agents remove-tool`, `remove-datasource`, `remove-llm`: the service's detach routes, idempotent.
import { z } from '../../../util/zod.js';
import type { AttachableDescriptor } from '../../../resources/descriptor.js';
import { referenceWords } from '../../../resources/registry.js';
import { AGENT_ARGUMENT } from '../../argument-words.js';
import { requiredArg, variadicArg } from '../../../definition/flags.js';
import { linkResultsShape } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import { detachPath } from '../texts.js';

export const detachSpec = (resource: AttachableDescriptor) =>
  defineSpec({
    path: detachPath(resource),
    summary: `Detach one or more ${resource.noun}s from an agent`,
    description: `Detach one or more ${resource.noun}s from an agent. Detaching one that is not attached succeeds, so scripts can re-run. The ${resource.noun} itself is kept.`,
    args: [
      requiredArg('agent', AGENT_ARGUMENT, { complete: { kind: 'known', of: 'agent' } }),
      variadicArg('records', `the ${resource.noun}s to detach, each ${referenceWords(resource)}`, {
        label: resource.kind,
        required: true,
        complete: { kind: 'known', of: resource.kind as 'tool' },
      }),
    ],
    flags: {},
    output: { name: 'detach', schema: detachedShape },
    uses: ['service', 'state', 'prompts'],
    examples: [
      `agents remove-${resource.kind} "Docs bot" ${resource.examples.seeded}`,
      `agents remove-${resource.kind} "Docs bot" ${resource.examples.seeded} --json`,
    ],
  });

const detachedShape = () =>
  linkResultsShape(
    { detached: z.boolean() },
    'agents remove-tool|remove-datasource|remove-llm --json: one entry per id',
  );
