// Reads -f FILE | DIR | - and validates every agent before any request is made.
// Errors name the file, the agent and the field, with the line when the parser knows it.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { InputStream } from '../deps.js';
import { CliError } from '../errors.js';
import { loadYaml } from '../util/load-yaml.js';
import { readFileOrStdin } from '../util/read-input.js';
import { toJsOrUsage } from '../util/structured-text.js';
import { agentEntries, desiredAgentSchema, type DesiredAgent } from './schema.js';

const PROVISION_FILE = /\.(ya?ml|json)$/i;

export interface LoadedAgent {
  agent: DesiredAgent;
  source: string;
  /** source:line of the agent's entry, for messages. */
  where: string;
}

async function filesOf(path: string): Promise<string[]> {
  if (path === '-') return ['-'];
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new CliError('usage', `cannot read -f ${path}: no such file or folder`);
  if (!info.isDirectory()) return [path];
  // Hidden files are an editor's or a file system's (.#a.yaml locks, macOS ._a.yaml), not the user's.
  const names = (await readdir(path)).filter((name) => PROVISION_FILE.test(name) && !name.startsWith('.')).sort();
  if (names.length === 0) throw new CliError('usage', `${path} holds no *.yaml, *.yml or *.json file`);
  return names.map((name) => join(path, name));
}

export async function loadDesiredAgents(paths: string[], stdin: InputStream): Promise<LoadedAgent[]> {
  const { LineCounter, parseDocument } = await loadYaml();
  const loaded: LoadedAgent[] = [];
  const problems: string[] = [];
  for (const file of (await Promise.all(paths.map(filesOf))).flat()) {
    const source = file === '-' ? 'stdin' : file;
    const text = await readFileOrStdin(file, stdin, '-f');
    const lines = new LineCounter();
    // merge: YAML 1.1 merge keys (`<<: *defaults`), which CI files use to share fields.
    const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, merge: true });
    const lineOf = (path: Array<string | number>) => {
      const node = document.getIn(path, true) as { range?: [number, number, number] } | undefined;
      return node?.range ? lines.linePos(node.range[0]).line : undefined;
    };
    if (document.errors.length > 0) {
      const error = document.errors[0]!;
      problems.push(`${source}:${error.linePos?.[0]?.line ?? '?'}: not valid YAML or JSON: ${error.message.split('\n')[0]}`);
      continue;
    }
    let value: unknown;
    try {
      value = toJsOrUsage(document, source);
    } catch (error) {
      problems.push((error as CliError).message);
      continue;
    }
    const found = agentEntries(value);
    if (!found) {
      problems.push(`${source}:${lineOf(['agents']) ?? 1}: expected "agents:" with a list of agents`);
      continue;
    }
    for (const key of found.unknownKeys) {
      problems.push(`${source}:${lineOf([key]) ?? 1}: unknown top-level key "${key}" (a file holds "agents:"; keys starting with "x-" may hold anchors)`);
    }
    found.entries.forEach((entry, index) => {
      const path = [...found.basePath, index];
      const parsed = desiredAgentSchema.safeParse(entry);
      const label = typeof (entry as { name?: unknown })?.name === 'string' ? `agent "${(entry as { name: string }).name}"` : `agent #${index + 1}`;
      if (parsed.success) return void loaded.push({ agent: parsed.data, source, where: `${source}:${lineOf(path) ?? 1}` });
      for (const issue of parsed.error.issues) {
        const fieldPath = issue.code === 'unrecognized_keys' ? [...path, issue.keys[0]!] : [...path, ...(issue.path as Array<string | number>)];
        const line = lineOf(fieldPath) ?? lineOf(path);
        const field = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}` : `${issue.path.join('.')}: ${issue.message}`;
        problems.push(`${source}${line ? `:${line}` : ''}: ${label}: ${field}`);
      }
    });
  }
  problems.push(...duplicates(loaded));
  if (problems.length > 0) throw new CliError('usage', `invalid provisioning input (nothing was sent)`, { details: problems });
  return loaded;
}

/**
 * An agent declared twice: the same id, or the same name where one of them has no id to tell
 * them apart (two same-named agents exported with their ids are two agents).
 */
function duplicates(loaded: LoadedAgent[]): string[] {
  const problems: string[] = [];
  const byId = new Map<string, string>();
  const byName = new Map<string, { where: string; hasId: boolean }>();
  for (const { agent, where } of loaded) {
    if (agent.id !== undefined) {
      const earlier = byId.get(agent.id);
      if (earlier) problems.push(`${where}: agent id ${agent.id} is declared twice (also at ${earlier})`);
      byId.set(agent.id, where);
    }
    const named = byName.get(agent.name);
    if (named && !(named.hasId && agent.id !== undefined)) {
      problems.push(`${where}: agent "${agent.name}" is declared twice (also at ${named.where}); give each its id to keep both`);
    }
    byName.set(agent.name, { where, hasId: agent.id !== undefined && (named?.hasId ?? true) });
  }
  return problems;
}
