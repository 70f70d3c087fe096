// Parses JSON or YAML text (YAML is a superset of JSON; JSON is tried first because it is faster).
// Errors name the file and the line (and column) the parser stopped at, in one line.
import { CliError } from '../errors.js';
import { loadYaml } from './load-yaml.js';

export interface ParsedDocument {
  value: unknown;
  /** The line of the node at `path` (keys and indexes), when the document has one there. */
  lineOf(path: Array<string | number>): number | undefined;
}

export async function parseJsonOrYaml(text: string, source: string): Promise<unknown> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      // Not JSON after all (e.g. a YAML flow mapping): let the YAML parser say what is wrong.
    }
  }
  return (await parseYamlDocument(text, source)).value;
}

/** YAML (or JSON) with the line of every node, for messages that point into the file. */
export async function parseYamlDocument(text: string, source: string): Promise<ParsedDocument> {
  const { LineCounter, parseDocument } = await loadYaml();
  const lines = new LineCounter();
  // merge: YAML 1.1 merge keys (`<<: *defaults`), which CI files use to share fields.
  // prettyErrors off: the pretty form appends "at line N, column M:" and a code excerpt, which
  // cut a one-line message short; the position comes from the line counter instead.
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, merge: true });
  const problem = document.errors[0];
  if (problem) {
    const { line, col } = lines.linePos(problem.pos[0]);
    throw new CliError('usage', `${source}:${line}:${col}: not valid JSON or YAML: ${problem.message.split('\n')[0]}`);
  }
  return {
    value: toJsOrUsage(document, source),
    lineOf(path) {
      const node = document.getIn(path, true) as { range?: [number, number, number] } | undefined;
      return node?.range ? lines.linePos(node.range[0]).line : undefined;
    },
  };
}

/**
 * The document as plain values. A YAML alias bomb (billion laughs) is refused while it is built
 * ("Excessive alias count"): that is a bad file, exit 2 naming it, not an unexpected failure.
 */
function toJsOrUsage(document: { toJS(): unknown }, source: string): unknown {
  try {
    return document.toJS();
  } catch (error) {
    throw new CliError('usage', `${source} cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
}
