// `agents get`, `agents tools get`, …: one record in full.
import type { ResourceDescriptor } from '../../../resources/descriptor.js';
import { optionalArg } from '../../../definition/flags.js';
import { recordShape } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import type { ReferenceKind } from '../../../resources/registry.js';
import { documentName, recordArgumentHelp, verbPath, type Texts } from '../texts.js';

export const getSpec = (resource: ResourceDescriptor, texts: Texts & { seeded?: string } = {}) =>
  defineSpec({
    path: verbPath(resource, 'get'),
    summary: texts.summary ?? `Show one ${resource.noun}`,
    description: texts.description,
    args: [
      optionalArg('record', recordArgumentHelp(resource), {
        label: resource.kind,
        complete: { kind: 'known', of: resource.kind as ReferenceKind },
      }),
    ],
    flags: {},
    output: { name: documentName(resource, 'record'), schema: () => recordShape(resource) },
    uses: ['service', 'state', 'prompts'],
    examples: texts.examples ?? [
      `agents ${resource.plural} get ${texts.seeded ?? 'NAME'}`,
      `agents ${resource.plural} get ${texts.seeded ?? 'NAME'} --json`,
    ],
  });
