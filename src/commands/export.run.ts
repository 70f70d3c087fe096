import { getAgent, type Agent } from '../api/agents.js';
import type { Context } from '../context.js';
import { writeFileSync as writeFileAtomically } from '../config/atomic-write.js';
import { CliError } from '../errors.js';
import { loadYaml } from '../util/load-yaml.js';
import { listAllAgents } from '../provision/plan.js';
import { mapLimit } from '../provision/pool.js';
import { FIELD_KEYS, LINK_KINDS } from '../provision/schema.js';
import type { Options } from './define.js';

/** An agent as apply reads it: its fields (nulls left out) and the ids of its links. */
function asDesired(agent: Agent): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const key of FIELD_KEYS) if (agent[key] !== null && agent[key] !== undefined) entry[key] = agent[key];
  for (const { key, kind } of LINK_KINDS) {
    const rows = Array.isArray(agent[key]) ? (agent[key] as Array<Record<string, unknown>>) : [];
    const ids = rows.map((row) => row[`${kind}Id`]).filter((id): id is string => typeof id === 'string');
    if (ids.length > 0) entry[key] = ids;
  }
  return entry;
}

export async function run(ctx: Context, args: unknown[], options: Options): Promise<void> {
  const ids = (args[0] as string[] | undefined) ?? [];
  if (options.all !== true && ids.length === 0) throw new CliError('usage', 'missing <agent-id…> or --all');
  if (options.all === true && ids.length > 0) throw new CliError('usage', 'give agent ids or --all, not both');
  const client = await ctx.client();
  const wanted = options.all === true ? (await listAllAgents(client)).map((a) => a.id) : ids;
  const agents = await mapLimit(wanted, 4, (id) => getAgent(client, id));
  // apply matches by name; agents sharing a name keep their ids, so the file reads back as they are.
  const names = agents.map((agent) => agent.name);
  const collides = (agent: Agent) => names.filter((name) => name === agent.name).length > 1;
  const document = { agents: agents.map((agent) => (collides(agent) ? { id: agent.id, ...asDesired(agent) } : asDesired(agent))) };

  const text = ctx.globals.json ? JSON.stringify(document, null, 2) + '\n' : (await loadYaml()).stringify(document);
  if (typeof options.output === 'string') {
    writeOutput(options.output, text);
    ctx.logger.success(`Exported ${agents.length} agent(s) to ${options.output}`);
  } else {
    ctx.deps.stdout.write(text);
  }
}

/** Whole or not at all, with a one-line reason: a missing folder, a folder in the way. */
function writeOutput(path: string, text: string): void {
  try {
    writeFileAtomically(path, text, { mode: 0o644 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'its folder does not exist' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (error as Error).message;
    throw new CliError('usage', `cannot write ${path}: ${reason}`);
  }
}
