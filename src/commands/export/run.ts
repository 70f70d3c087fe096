import { scrubSecrets } from '../../secrets/known.js';
import { getAgent, listAllAgents } from '../../api/agents.js';
import { allResources } from '../../api/resources.js';
import { writeOutputFile } from '../../io/write-file.js';
import { CliError } from '../../errors.js';
import { loadYaml } from '../../util/load-yaml.js';
import { mapLimit } from '../../provision/pool.js';
import { exportStack } from '../../provision/export.js';
import { STACK_SECTIONS } from '../../provision/schema.js';
import { ofCopy, suffixedName, withoutSuffix } from '../../provision/suffix.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const ids = options.agents;
  if (!options.all && ids.length === 0) throw new CliError('usage', 'missing <agent…> or --all');
  if (options.all && ids.length > 0) throw new CliError('usage', 'give agent ids or --all, not both');
  const client = await ctx.client();
  // --suffix: the isolated copy's records (names with the suffix), written as the stack that made them.
  const { suffix } = options;
  const wanted = options.all
    ? (await listAllAgents(client)).filter((agent) => ofCopy(agent.name ?? '', suffix)).map((agent) => agent.id)
    : await Promise.all(ids.map((id) => ctx.resolve('agent', suffixedName(id, suffix))));
  const agents = await mapLimit(wanted, 4, (id) => getAgent(client, id));
  // --all: the whole stack (tools, datasources, LLMs too), so agents' links read as names.
  const resources = options.all
    ? Object.fromEntries(
        await Promise.all(
          STACK_SECTIONS.map(async ({ key, resource }) => [key, await allResources(client, resource)] as const),
        ),
      )
    : {};
  const document = withoutSuffix(exportStack(agents, resources), suffix);

  // A file holds the stack as --json or YAML; stdout takes it through the Exporter (--jq too).
  const yaml = ctx.out.forProgram ? undefined : (await loadYaml()).stringify(document);
  if (options.output !== undefined) {
    writeOutputFile(options.output, scrubSecrets(yaml ?? JSON.stringify(document, null, 2) + '\n'), '--output');
    ctx.io.logger.success(
      `Exported ${agents.length} agent(s)${options.all ? ' and their tools, datasources and LLMs' : ''} to ${options.output}`,
    );
  } else {
    await ctx.out.result(document, { quiet: () => yaml, human: () => yaml });
  }
};
