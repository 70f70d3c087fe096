// Logged runs as eval cases: the logged input, and checks the logged answer passes (a sentence of
// it, the tools it called, the schema it matched), commented so the user tightens them. The file
// runs unchanged with `agents eval -f`.
import { escapeControls } from '../ui/safe-text.js';
import { loadYaml } from '../util/load-yaml.js';
import type { LoggedRun } from './runs.js';

/** The first line of the answer that says something, cut at a word near `max` characters. */
function sentenceOf(answer: string, max = 80): string | undefined {
  const line = answer
    .split('\n')
    .map((each) => each.trim())
    .find((each) => each.length > 0);
  return line ? cutAtWord(line, max) : undefined;
}

/** At most `max` characters, ending at a word when one ends in the second half. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return space > max / 2 ? cut.slice(0, space) : cut;
}

export interface LoggedCase {
  run: LoggedRun;
  value: Record<string, unknown>;
  /** Turns of its session that came before it. */
  earlier: number;
}

/**
 * A case for each run; a run that failed or has no agent is left out (`skipped` says why). A run
 * that continued a session gets the session's earlier inputs as turns before its own: the answer
 * it is checked against was given with them.
 */
export function casesOf(
  runs: LoggedRun[],
  earlierOf: (run: LoggedRun) => string[] = () => [],
): { cases: LoggedCase[]; skipped: string[] } {
  const cases: LoggedCase[] = [];
  const skipped: string[] = [];
  for (const run of runs) {
    if (run.exitCode !== 0) {
      skipped.push(`run ${run.id} failed (${run.error?.kind ?? 'error'}): no check of its answer would pass`);
      continue;
    }
    if (!run.agentId) {
      skipped.push(`run ${run.id} names no agent`);
      continue;
    }
    const checks: Array<Record<string, unknown>> = [{ 'no-error': true }];
    const sentence = run.value === null ? sentenceOf(run.answer) : undefined;
    if (sentence) checks.push({ contains: sentence });
    const tools = [...new Set((run.toolCalls ?? []).map((call) => (call as { name?: unknown }).name))];
    for (const name of tools) if (typeof name === 'string') checks.push({ 'tool-called': name });
    const schema = schemaOf(run.outputSchema);
    if (schema) checks.push({ 'json-schema': schema });
    const words = cutAtWord(run.input.replace(/\s+/g, ' ').trim(), 40);
    const earlier = earlierOf(run);
    const asked =
      earlier.length > 0
        ? { turns: [...earlier.map((input) => ({ input })), { input: run.input, assert: checks }] }
        : { input: run.input };
    cases.push({
      run,
      earlier: earlier.length,
      value: {
        name: `${words} (run ${run.id})`,
        // The name the user knows: in CI, `apply` makes new ids every run (the id is in the comment).
        agent: run.agentName || run.agentId,
        ...(earlier.length > 0 ? {} : asked),
        ...(run.outputSchema !== null && { outputSchema: schema ?? run.outputSchema }),
        ...(earlier.length > 0 ? asked : { assert: checks }),
      },
    });
  }
  return { cases, skipped };
}

function schemaOf(text: string | null): Record<string, unknown> | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The eval file's text: a header, then each case under a comment naming its run. */
export async function evalFileText(cases: LoggedCase[]): Promise<string> {
  const { stringify } = await loadYaml();
  const lines = [
    '# Eval cases from the run log (agents logs to-eval). Each check passes on the logged answer:',
    '# tighten or loosen it to what must stay true (a model words things differently from run to',
    '# run), then: agents eval -f THIS-FILE',
    'cases:',
  ];
  for (const { run, value, earlier } of cases) {
    const who = run.agentName ? `${run.agentName} (${run.agentId})` : run.agentId;
    // A comment is one line: a line break in a name the service sent would start YAML of its own.
    lines.push(`  # ${escapeControls(`run ${run.id}: ${run.command} of ${who} at ${run.startedAt}`)}`);
    if (earlier > 0)
      lines.push(`  # it was turn ${earlier + 1} of its session: the ${earlier} before it come first, in one session`);
    // One schema is both outputSchema and a check's: written out twice, never as an anchor and alias.
    const item = stringify([value], { lineWidth: 0, aliasDuplicateObjects: false }).trimEnd();
    lines.push(...item.split('\n').map((line) => `  ${line}`));
  }
  return `${lines.join('\n')}\n`;
}
