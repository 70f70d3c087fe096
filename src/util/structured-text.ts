// Parses JSON or YAML text (YAML is a superset of JSON; JSON is tried first because it is faster).
import { CliError } from '../errors.js';
import { loadYaml } from './load-yaml.js';

export async function parseJsonOrYaml(text: string, source: string): Promise<unknown> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      // Not JSON after all (e.g. a YAML flow mapping): let the YAML parser say what is wrong.
    }
  }
  const { parseDocument } = await loadYaml();
  const document = parseDocument(text, { prettyErrors: true, merge: true });
  const problem = document.errors[0];
  if (problem) {
    const line = problem.linePos?.[0]?.line;
    const where = line === undefined ? source : `${source}:${line}`;
    throw new CliError('usage', `${where} is not valid JSON or YAML: ${problem.message.split('\n')[0]}`);
  }
  return toJsOrUsage(document, source);
}

/**
 * The document as plain values. A YAML alias bomb (billion laughs) is refused while it is built
 * ("Excessive alias count"): that is a bad file, exit 2 naming it, not an unexpected failure.
 */
export function toJsOrUsage(document: { toJS(): unknown }, source: string): unknown {
  try {
    return document.toJS();
  } catch (error) {
    throw new CliError('usage', `${source} cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
}
