// Reads -f FILE | DIR | - and validates every tool, datasource, LLM and agent before any request.
// Errors name the file, the entry and the field, with the line when the parser knows it.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type * as z from 'zod/mini';
import { UNKNOWN_MODEL_HINT, unknownModelProblem } from '../resources/models.js';
import type { InputStream } from '../deps.js';
import { CliError } from '../errors.js';
import { locatedIn } from '../util/located.js';
import { readFileOrStdin } from '../io/read-input.js';
import { inReadingOrder } from '../util/reading-order.js';
import { parseDocument, type ParsedDocument } from '../util/structured-text.js';
import type { ResourceDescriptor } from '../resources/descriptor.js';
import { readDeclaredKeys } from './declared-keys.js';
import type { KeyVariables } from './key-variables.js';
import {
  desiredAgentSchema,
  desiredResourceSchema,
  documentSections,
  emptyResources,
  SECTIONS_IN_WORDS,
  STACK_SECTIONS,
  type DesiredAgent,
  type DesiredResource,
  type StackSectionKey,
} from './schema.js';

const PROVISION_FILE = /\.(ya?ml|json)$/i;

interface LoadedAgent {
  agent: DesiredAgent;
  source: string;
  /** source:line of the agent's entry, for messages. */
  where: string;
  /** source:line of one of its fields (`['tools', 1]`), or of the entry when the parser cannot tell. */
  whereOf: (field: Array<string | number>) => string;
}

async function filesOf(path: string, warn: (message: string) => void): Promise<string[]> {
  if (path === '-') return ['-'];
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new CliError('usage', `cannot read -f ${path}: ${unreadable(error)}`);
  });
  // A file named on the line is read whatever it is: `-f <(make-stack)` is a pipe.
  if (!info.isDirectory()) return [path];
  // Hidden files are an editor's or a file system's (.#a.yaml locks, macOS ._a.yaml), not the user's.
  const names = (await readdir(path)).filter((name) => PROVISION_FILE.test(name) && !name.startsWith('.')).sort();
  const files: string[] = [];
  for (const name of names) {
    const file = join(path, name);
    // In a folder, only regular files: reading a pipe named *.yaml would wait for ever.
    const entry = await stat(file).catch((error: NodeJS.ErrnoException) => unreadable(error));
    if (typeof entry === 'string') warn(`skipped ${file}: ${entry}`);
    else if (!entry.isFile()) warn(`skipped ${file}: not a regular file`);
    else files.push(file);
  }
  if (files.length === 0) throw new CliError('usage', `${path} holds no *.yaml, *.yml or *.json file`);
  return files;
}

/** Why a path cannot be read, in words (not ENOENT or ELOOP). */
function unreadable(error: NodeJS.ErrnoException): string {
  if (error.code === 'ELOOP') return 'a symbolic link that leads back to itself';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'permission denied';
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return 'no such file or folder';
  return error.message;
}

export interface LoadedResource {
  resource: DesiredResource;
  where: string;
  /** Secret fields read from the variables the file names (an LLM's apiKey), checked before any request. */
  secrets: Record<string, string>;
}

export interface LoadedStack {
  /** The files read, in order ('stdin' for -): problem lists follow it. */
  sources: string[];
  agents: LoadedAgent[];
  resources: Record<StackSectionKey, LoadedResource[]>;
}

export interface LoadOptions {
  allowUnknownModel?: boolean;
  /** false: the keys the file names in variables are not read (destroy sends none). */
  readKeys?: boolean;
  /** Where keys are read from, and which names besides AGENTS_KEY_* the invoker allows. */
  keyVariables?: KeyVariables;
  /** Told what a folder held that was not read (a pipe, a link loop). */
  warn?: (message: string) => void;
}

export async function loadStack(paths: string[], stdin: InputStream, options: LoadOptions = {}): Promise<LoadedStack> {
  const keyVariables = options.keyVariables ?? { env: {}, allowed: [] };
  const loaded: LoadedStack = { sources: [], agents: [], resources: emptyResources() };
  const problems: string[] = [];
  let sawUnknownModel = false;
  const warn = options.warn ?? (() => {});
  for (const file of (await Promise.all(paths.map((path) => filesOf(path, warn)))).flat()) {
    const source = file === '-' ? 'stdin' : file;
    loaded.sources.push(source);
    const text = await readFileOrStdin(file, stdin, '-f');
    let document: ParsedDocument;
    try {
      document = await parseDocument(text, source);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      problems.push(error.message);
      continue;
    }
    const found = documentSections(document.value);
    if (!found || 'notAList' in found) {
      const key = found ? found.notAList : 'agents';
      problems.push(`${source}:${document.lineOf([key]) ?? 1}: expected "${key}:" with a list`);
      continue;
    }
    const inFile: string[] = found.unknownKeys.map(
      (key) =>
        `${source}:${document.lineOf([key]) ?? 1}: unknown top-level key "${key}" (a file holds ${SECTIONS_IN_WORDS}; keys starting with "x-" may hold anchors)`,
    );
    const report = (path: Array<string | number>, label: string, issues: z.core.$ZodIssue[]) => {
      for (const issue of issues) {
        const fieldPath =
          issue.code === 'unrecognized_keys'
            ? [...path, issue.keys[0]!]
            : [...path, ...(issue.path as Array<string | number>)];
        const line = document.lineOf(fieldPath) ?? document.lineOf(path) ?? 1;
        inFile.push(`${source}:${line}: ${label}${issueText(issue)}`);
      }
    };
    for (const { key, resource } of STACK_SECTIONS) {
      const schema = desiredResourceSchema(resource);
      (found.resources[key] ?? []).forEach((entry, index) => {
        const path = [key, index];
        const parsed = schema.safeParse(entry);
        const named =
          (entry as Record<string, unknown> | null)?.[resource.nameKey] ??
          (entry as Record<string, unknown> | null)?.name;
        const label = typeof named === 'string' ? `${resource.noun} "${named}"` : `${resource.noun} #${index + 1}`;
        if (!parsed.success) return report(path, label, parsed.error.issues);
        const declared = parsed.data as DesiredResource;
        const read =
          options.readKeys === false
            ? { resource: declared, secrets: {}, problems: [] }
            : readDeclaredKeys(resource, declared, keyVariables);
        for (const problem of read.problems) {
          const line = document.lineOf([...path, ...problem.path]) ?? document.lineOf(path) ?? 1;
          inFile.push(`${source}:${line}: ${label}: ${problem.path.join('.')}: ${problem.problem}`);
        }
        loaded.resources[key].push({
          resource: read.resource,
          secrets: read.secrets,
          where: `${source}:${document.lineOf(path) ?? 1}`,
        });
      });
    }
    for (const [index, entry] of found.agents.entries.entries()) {
      const path = [...found.agents.basePath, index];
      const parsed = desiredAgentSchema.safeParse(entry);
      const entryLine = document.lineOf(path) ?? 1;
      const label =
        typeof (entry as { name?: unknown })?.name === 'string'
          ? `agent "${(entry as { name: string }).name}"`
          : `agent #${index + 1}`;
      if (parsed.success) {
        const unknownModel = options.allowUnknownModel
          ? undefined
          : unknownModelProblem((parsed.data as DesiredAgent).llmModel);
        if (!unknownModel) {
          loaded.agents.push({
            agent: parsed.data as DesiredAgent,
            source,
            where: `${source}:${entryLine}`,
            whereOf: (field) => `${source}:${document.lineOf([...path, ...field]) ?? entryLine}`,
          });
          continue;
        }
        const line = document.lineOf([...path, 'llmModel']) ?? entryLine;
        sawUnknownModel = true;
        inFile.push(`${source}:${line}: ${label}: llmModel: ${unknownModel}`);
        continue;
      }
      report(path, label, parsed.error.issues);
    }
    problems.push(...inFile);
  }
  problems.push(...duplicates(loaded.agents));
  for (const { key, resource } of STACK_SECTIONS) problems.push(...duplicateResources(resource, loaded.resources[key]));
  if (problems.length > 0) {
    const details = inReadingOrder(problems, loaded.sources, (problem) => problem);
    throw new CliError('usage', `invalid provisioning input (nothing was sent)`, {
      details,
      locations: locatedIn(details, loaded.sources),
      hint: sawUnknownModel ? UNKNOWN_MODEL_HINT : undefined,
    });
  }
  return loaded;
}

/** How a declared resource is referred to: an LLM by its file-only name or provider, others by name. */
export function referenceNameOf(resource: ResourceDescriptor, declared: DesiredResource): string {
  return String(declared.name ?? declared[resource.nameKey]);
}

function duplicateResources(resource: ResourceDescriptor, loaded: LoadedResource[]): string[] {
  const seen = new Map<string, LoadedResource>();
  const problems: string[] = [];
  for (const entry of loaded) {
    const name = referenceNameOf(resource, entry.resource);
    const earlier = seen.get(name);
    if (earlier && !(earlier.resource.id !== undefined && entry.resource.id !== undefined)) {
      problems.push(
        `${entry.where}: ${resource.noun} "${name}" is declared twice (also at ${earlier.where}); give each its id${resource.nameKey === 'name' ? '' : ' or a name'} to keep both`,
      );
    }
    seen.set(name, entry);
  }
  return problems;
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
      problems.push(
        `${where}: agent "${agent.name}" is declared twice (also at ${named.where}); give each its id to keep both`,
      );
    }
    byName.set(agent.name, { where, hasId: agent.id !== undefined && (named?.hasId ?? true) });
  }
  return problems;
}

/** What one schema issue says after an entry's label: the entry itself (`agents: [42]`) is named
 *  as a whole, a field by its path. */
function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `: unknown field ${issue.keys.join(', ')}`;
  if (issue.path.length === 0) {
    return issue.code === 'invalid_type' && issue.expected === 'object' ? ' must be a mapping' : `: ${issue.message}`;
  }
  return `: ${issue.path.join('.')}: ${issue.message}`;
}
