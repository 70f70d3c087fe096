// `agents list`, `agents tools list`, …: a kind's records, a page or all of them.
import type { ResourceDescriptor } from '../../../resources/descriptor.js';
import { count, on } from '../../../definition/flags.js';
import { recordListShape } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import { documentName, verbPath, type Texts } from '../texts.js';

export const listSpec = (resource: ResourceDescriptor, texts: Texts = {}) =>
  defineSpec({
    path: verbPath(resource, 'list'),
    summary: texts.summary ?? `List your ${resource.noun}s, newest first`,
    description: texts.description,
    args: [],
    flags: {
      limit: count(`how many ${resource.noun}s to show`, { min: 1, default: '50' }),
      all: on(`every ${resource.noun}, page by page`, { conflicts: ['limit'] }),
    },
    output: { name: documentName(resource, 'list'), schema: () => recordListShape(resource) },
    uses: ['service', 'state'],
    examples: texts.examples ?? [
      `agents ${resource.plural} list`,
      `agents ${resource.plural} list --json`,
      `agents ${resource.plural} list -q`,
    ],
  });
