// Report files: written whole (atomically, no secret of the run in them), read back with their
// shape checked, so merge, compare and --baseline refuse a file they cannot trust (exit 2).
import { writeOutputFile as writeFile } from '../io/write-file.js';
import { CliError } from '../errors.js';
import type { InputStream } from '../deps.js';
import { parseBoundedJson } from '../util/bounded-json.js';
import { readFileOrStdin } from '../io/read-input.js';
import { scrubSecrets } from '../secrets/known.js';
import { REPORT_FORMAT, type EvalReport } from './report.js';
import { reportSchema } from './report-schema.js';

export async function readReport(path: string, flag: string, stdin: InputStream): Promise<EvalReport> {
  const text = await readFileOrStdin(path, stdin, flag);
  let value: unknown;
  try {
    value = parseBoundedJson(text, `${flag} ${path}`);
  } catch (error) {
    if (error instanceof CliError) throw new CliError('usage', error.message);
    throw new CliError('usage', `${flag} ${path} is not JSON: ${(error as Error).message}`);
  }
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== REPORT_FORMAT) {
    throw new CliError(
      'usage',
      `${flag} ${path} is not an eval report of format ${REPORT_FORMAT}${format === undefined ? '' : ` (it says ${JSON.stringify(format)})`}`,
      {
        hint: 'Write one with `agents eval -f FILE --report REPORT.json`.',
      },
    );
  }
  const parsed = reportSchema().safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(
      'usage',
      `${flag} ${path} is not a whole eval report: ${issue.path.join('.') || 'the document'}: ${issue.message}`,
    );
  }
  // Only the checked fields go on: what a reader or the JUnit writer uses has the type it expects.
  return parsed.data as EvalReport;
}

export function writeReport(path: string, report: EvalReport, flag = '--report'): void {
  writeOutputFile(path, JSON.stringify(report, null, 2) + '\n', flag);
}

/** A file a CI job uploads: written whole, with no secret of this run in it. */
export function writeOutputFile(path: string, text: string, flag: string): void {
  writeFile(path, scrubSecrets(text), flag);
}
