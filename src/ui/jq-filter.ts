// --jq EXPR: the --json document (or each NDJSON line) filtered with jq's own language, as gh does.
// The expression is compiled before the command runs, so a bad one costs no request (exit 2).
// jq runs in WebAssembly with an environment of its own: `env` and `$ENV` see none of this
// process's variables (no token), and `input`, files and modules are not reachable.
import { CliError } from '../errors.js';
import type { DocumentWriter } from './exporter.js';
import { loadJq } from './jq-vendor.js';
import { escapeControlsKeepLines } from './safe-text.js';

/** The values the expression gives for one document, in order. */
export type JqFilter = (document: unknown) => unknown[];

/** jq's compile errors exit 3 (jq's own code); a bad document or a runtime error exits 5. */
const COMPILE_ERROR = 3;

export async function jqFilter(expression: string): Promise<JqFilter> {
  const jq = await loadJq();
  const checked = jq.raw(null, expression);
  if (checked.exitCode === COMPILE_ERROR)
    throw new CliError('usage', `--jq ${quoted(expression)}: ${jqMessage(checked.stderr)}`);
  return (document) => {
    const result = jq.raw(JSON.stringify(document), expression, ['-c']);
    if (result.exitCode !== 0)
      throw new CliError('usage', `--jq ${quoted(expression)} failed on the result: ${jqMessage(result.stderr)}`);
    return result.stdout === '' ? [] : result.stdout.split('\n').map((line) => JSON.parse(line) as unknown);
  };
}

/**
 * What --jq prints, as gh prints it: a string as its text, any other value as JSON (indented for
 * a document on a terminal). A string is the service's text: on a terminal its control characters
 * are shown escaped (no forged line, no escape sequence); a pipe gets it as it is.
 */
export async function jqWriter(expression: string): Promise<DocumentWriter> {
  const filter = await jqFilter(expression);
  return (value, { event, terminal }) =>
    filter(value).map((result) =>
      typeof result === 'string'
        ? { text: terminal ? escapeControlsKeepLines(result) : result }
        : { json: JSON.stringify(result, null, terminal && !event ? 2 : undefined) },
    );
}

/** jq's first line without its `jq: error…:` lead: `syntax error, unexpected end of file at <top-level>, line 1, column 2`. */
function jqMessage(stderr: string): string {
  const first = stderr.split('\n').find((line) => line.trim() !== '') ?? 'jq failed';
  return first.replace(/^jq: error(?: \(at [^)]*\))?: /, '').replace(/:$/, '');
}

const quoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
