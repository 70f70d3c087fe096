// `agents create`, `agents tools create`, …: a new record from flags and/or --file; on a terminal
// what is missing is asked for.
import type { ResourceDescriptor } from '../../../resources/descriptor.js';
import { on } from '../../../definition/flags.js';
import { recordShape } from '../../output-shapes.js';
import { defineSpec } from '../../../definition/define.js';
import { fieldFlags } from '../field-flags.js';
import { documentName, isAgent, verbPath, withArticle, type Texts } from '../texts.js';

export const createSpec = (resource: ResourceDescriptor, texts: Texts = {}) =>
  defineSpec({
    path: verbPath(resource, 'create'),
    summary:
      texts.summary ??
      `Create ${withArticle(resource.noun)} from flags and/or --file (asks for what is missing on a terminal)`,
    description: texts.description,
    args: [],
    flags: {
      ...fieldFlags(resource, 'create'),
      ...(isAgent(resource) && {
        allowUnknownModel: on('send an --llm-model this CLI does not know (a newer server may)'),
      }),
      ifMissing: on(
        `when ${isAgent(resource) ? 'an agent has this name already' : resource.nameKey === 'name' ? `${withArticle(resource.noun)} of this name exists` : `an LLM of this ${resource.nameKey} exists`}, print it and create nothing (safe to re-run)`,
      ),
    },
    output: { name: documentName(resource, 'record'), schema: () => recordShape(resource) },
    uses: ['service', 'state', 'prompts', 'env'],
    examples: texts.examples ?? [],
    readsStdin: ['-f', '-'],
  });
