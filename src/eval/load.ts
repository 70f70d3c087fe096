// Reads an eval file (YAML or JSON) and checks all of it before any request: every problem is
// reported at once, each with file:line, and the run is exit 2 with nothing sent.
import { createHash } from 'node:crypto';
import { boundedRegExp } from '../util/bounded-regex.js';
import type { InputStream } from '../deps.js';
import { CliError } from '../errors.js';
import { locatedIn } from '../util/located.js';
import { compileJsonSchema } from '../util/json-schema.js';
import { readFileOrStdin } from '../io/read-input.js';
import { parseDocument } from '../util/structured-text.js';
import { expandCase } from './case-template.js';
import {
  caseSchema,
  CHECK_KINDS,
  CHECK_VALUES,
  type Check,
  type CheckKind,
  type EvalCase,
  type Turn,
} from './file-schema.js';

type Path = Array<string | number>;

interface Problem {
  line: number;
  message: string;
}

export interface EvalFile {
  /** The file as given (stdin for -), the JUnit suite's name. */
  source: string;
  /** sha256 of its bytes, as "sha256:<hex>": what tells two eval files apart. */
  hash: string;
  cases: EvalCase[];
}

export async function loadEvalFile(
  path: string,
  stdin: InputStream,
  defaultAgent: string | undefined,
): Promise<EvalFile> {
  const source = path === '-' ? 'stdin' : path;
  const text = await readFileOrStdin(path, stdin, '-f');
  const document = await parseDocument(text, source);
  const problems: Problem[] = [];
  const at = (where: Path, message: string, fallback: Path = []) => {
    const line = document.lineOf(where) ?? document.lineOf(fallback) ?? 1;
    problems.push({ line, message: `${source}:${line}: ${message}` });
  };

  const root = document.value as Record<string, unknown> | null;
  if (!root || typeof root !== 'object' || Array.isArray(root) || !Array.isArray(root.cases)) {
    throw invalid([`${source}:${document.lineOf(['cases']) ?? 1}: expected "cases:" with a list of cases`], source);
  }
  for (const key of Object.keys(root)) {
    if (key !== 'cases' && !key.startsWith('x-'))
      at([key], `unknown top-level key "${key}" (a file holds cases:; keys starting with "x-" may hold anchors)`);
  }

  const cases: EvalCase[] = [];
  const seen = new Map<string, string>();
  const checkCache: CheckCache = new Map();
  const evalFile = path;
  for (const [index, entry] of (root.cases as unknown[]).entries()) {
    const casePath: Path = ['cases', index];
    const named = (entry as { name?: unknown } | null)?.name;
    const label = typeof named === 'string' && named.trim() ? `case "${named}"` : `case #${index + 1}`;
    // One case, or (a template with a dataset) one per row, each with its vars put in.
    const expanded = await expandCase(entry, { evalFile, label, stdin, fail: (message) => at(casePath, message) });
    for (const one of expanded) {
      const loaded = await loadCase(one.entry, casePath, one.label, defaultAgent, at, checkCache);
      if (!loaded) continue;
      const where = one.where ?? `${source}:${document.lineOf(casePath) ?? 1}`;
      const earlier = seen.get(loaded.name);
      if (earlier) at(casePath, `${one.label} is named twice (also at ${earlier}); names tell cases apart in reports`);
      seen.set(loaded.name, where);
      cases.push({ ...loaded, where, index: cases.length });
    }
  }
  if (cases.length === 0 && problems.length === 0)
    problems.push({ line: document.lineOf(['cases']) ?? 1, message: `${source}: "cases:" is empty` });
  if (problems.length > 0)
    throw invalid(
      problems.sort((a, b) => a.line - b.line).map((p) => p.message),
      source,
    );
  return { source, hash: `sha256:${createHash('sha256').update(text).digest('hex')}`, cases };
}

function invalid(details: string[], source: string): CliError {
  return new CliError('usage', 'invalid eval file (nothing was sent)', {
    details,
    locations: locatedIn(details, [source]),
    hint: 'The format: agents eval --help.',
  });
}

type Report = (path: Path, message: string, fallback?: Path) => void;

async function loadCase(
  entry: unknown,
  path: Path,
  label: string,
  defaultAgent: string | undefined,
  at: Report,
  cache: CheckCache,
): Promise<Omit<EvalCase, 'where' | 'index'> | undefined> {
  const parsed = caseSchema.safeParse(entry);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys')
        at([...path, issue.keys[0]!], `${label}: unknown field ${issue.keys.join(', ')}`, path);
      else
        at(
          [...path, ...(issue.path as Path)],
          `${label}: ${issue.path.join('.') || 'the case'}: ${issue.message}`,
          path,
        );
    }
    return undefined;
  }
  const spec = parsed.data;
  let ok = true;
  const fail: Report = (where, message, fallback) => {
    ok = false;
    at(where, message, fallback ?? path);
  };
  if ((spec.input === undefined) === (spec.turns === undefined))
    fail(path, `${label}: give either input: or turns:, not ${spec.input ? 'both' : 'neither'}`);
  if (spec.turns && spec.assert) fail([...path, 'assert'], `${label}: with turns:, each turn has its own assert:`);
  const agent = spec.agent ?? defaultAgent;
  if (!agent) fail(path, `${label}: no agent: give it agent: (a name, id prefix or id), or pass --agent`);

  const given = spec.turns
    ? spec.turns.map((turn, i) => ({ input: turn.input, assert: turn.assert, path: [...path, 'turns', i] }))
    : [{ input: spec.input ?? '', assert: spec.assert, path }];
  const turns: Turn[] = [];
  for (const turn of given)
    turns.push({
      input: turn.input,
      checks: await loadChecks(turn.assert ?? [], [...turn.path, 'assert'], label, fail, cache),
    });
  if (ok && turns.every((turn) => turn.checks.length === 0))
    fail(path, `${label} checks nothing: add assert: with at least one check, e.g. - no-error: true`);
  if (!ok) return undefined;
  return {
    name: spec.name,
    agent: agent!,
    turns,
    ...(spec.outputSchema !== undefined && {
      outputSchema: typeof spec.outputSchema === 'string' ? spec.outputSchema : JSON.stringify(spec.outputSchema),
    }),
    ...(spec.llm_params && { llmParams: spec.llm_params }),
  };
}

/** Checks compiled once per load, by kind and value: ten thousand rows share one schema's compile. */
type CheckCache = Map<string, Promise<Check>>;

async function loadChecks(
  entries: unknown[],
  path: Path,
  label: string,
  fail: Report,
  cache: CheckCache,
): Promise<Check[]> {
  const checks: Check[] = [];
  for (const [index, entry] of entries.entries()) {
    const where: Path = [...path, index];
    const keys = entry && typeof entry === 'object' && !Array.isArray(entry) ? Object.keys(entry) : [];
    if (keys.length !== 1) {
      fail(where, `${label}: a check is one "kind: value" pair, e.g. - contains: hello`);
      continue;
    }
    const kind = keys[0]!;
    if (!(CHECK_KINDS as string[]).includes(kind)) {
      fail([...where, kind], `${label}: unknown check "${kind}" (known: ${CHECK_KINDS.join(', ')})`);
      continue;
    }
    const value = (entry as Record<string, unknown>)[kind];
    const parsed = CHECK_VALUES[kind as CheckKind].safeParse(value);
    if (!parsed.success) {
      // Each problem at its field: `judge.rubric: is required`, not a bare `judge: is required`.
      for (const issue of parsed.error.issues) {
        const field = [kind, ...(issue.path as Path)];
        fail([...where, ...field], `${label}: ${field.join('.')}: ${issue.message}`, [...where, kind]);
      }
      continue;
    }
    const key = `${kind}\u0000${JSON.stringify(parsed.data)}`;
    const compiling = cache.get(key) ?? compileCheck(kind as CheckKind, parsed.data, `${label}: ${kind}`);
    if (kind === 'regex' || kind === 'json-schema') cache.set(key, compiling);
    const check = await compiling.catch((error: unknown) => {
      if (!(error instanceof CliError)) throw error;
      fail([...where, kind], error.message);
      return undefined;
    });
    if (check) checks.push(check);
  }
  return checks;
}

/** The check with what it needs to judge an answer: a regex or a schema compiled once, here. */
async function compileCheck(kind: CheckKind, value: unknown, what: string): Promise<Check> {
  switch (kind) {
    case 'regex':
      try {
        return { kind, value: value as string, pattern: boundedRegExp(value as string) };
      } catch (error) {
        throw new CliError('usage', `${what}: not a valid regular expression: ${(error as Error).message}`);
      }
    case 'json-schema':
      return {
        kind,
        value: value as Record<string, unknown>,
        validate: await compileJsonSchema(value as Record<string, unknown>, what),
      };
    case 'tool-called':
      return {
        kind,
        value:
          typeof value === 'string' ? { name: value } : (value as { name: string; args?: Record<string, unknown> }),
      };
    default:
      return { kind, value } as Check;
  }
}
