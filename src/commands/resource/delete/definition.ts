// `agents delete`, `agents tools delete`, …: asks on a terminal, needs --yes elsewhere.
import type { ResourceDescriptor } from '../../../resources/descriptor.js';
import type { ReferenceKind } from '../../../resources/registry.js';
import { on, optionalArg } from '../../../definition/flags.js';
import { deletedShape } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import { recordArgumentHelp, verbPath, type Texts } from '../texts.js';

export const deleteSpec = (resource: ResourceDescriptor, texts: Texts = {}) =>
  defineSpec({
    path: verbPath(resource, 'delete'),
    summary:
      texts.summary ?? `Delete ${resource.noun === 'LLM' ? 'an' : 'a'} ${resource.noun} (agents using it lose it)`,
    description:
      texts.description ??
      `Delete ${resource.noun === 'LLM' ? 'an' : 'a'} ${resource.noun}. Asks for confirmation on a terminal; scripts must pass --yes.`,
    args: [
      optionalArg('record', recordArgumentHelp(resource), {
        label: resource.kind,
        complete: { kind: 'known', of: resource.kind as ReferenceKind },
      }),
    ],
    flags: { yes: on('do not ask for confirmation', { short: '-y' }) },
    output: { name: 'delete', schema: deletedShape },
    uses: ['service', 'state', 'prompts'],
    examples: texts.examples ?? [],
  });
