// `agents update`, `agents tools update`, …: only the fields given are changed.
import type { ResourceDescriptor } from '../../../resources/descriptor.js';
import { on, optionalArg } from '../../../definition/flags.js';
import { recordShape } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import type { ReferenceKind } from '../../../resources/registry.js';
import { fieldFlags } from '../field-flags.js';
import { documentName, isAgent, recordArgumentHelp, verbPath, withArticle, type Texts } from '../texts.js';

export const updateSpec = (resource: ResourceDescriptor, texts: Texts = {}) =>
  defineSpec({
    path: verbPath(resource, 'update'),
    summary: texts.summary ?? `Change fields of ${withArticle(resource.noun)} (only those given are sent)`,
    description: texts.description,
    args: [
      optionalArg('record', recordArgumentHelp(resource), {
        label: resource.kind,
        complete: { kind: 'known', of: resource.kind as ReferenceKind },
      }),
    ],
    flags: {
      ...fieldFlags(resource, 'update'),
      ...(isAgent(resource) && {
        allowUnknownModel: on('send an --llm-model this CLI does not know (a newer server may)'),
      }),
    },
    output: { name: documentName(resource, 'record'), schema: () => recordShape(resource) },
    uses: ['service', 'state', 'prompts', 'env'],
    examples: texts.examples ?? [],
    readsStdin: ['00000000-0000-4000-8000-000000000001', '-f', '-'],
  });
