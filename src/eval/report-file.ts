// Report files: written whole (atomically, no secret of the run in them), read back with their
// shape checked, so merge, compare and --baseline refuse a file they cannot trust (exit 2).
import * as z from 'zod/mini';
import { writeFileSync } from '../config/atomic-write.js';
import { CliError } from '../errors.js';
import type { InputStream } from '../deps.js';
import { parseBoundedJson } from '../util/bounded-json.js';
import { readFileOrStdin } from '../util/read-input.js';
import { scrubSecrets } from '../secrets/known.js';
import { REPORT_FORMAT, type EvalReport } from './report.js';

/** What readers rely on; the rest of a report passes through as written. */
const timing = z.looseObject({ ttftMs: z.nullable(z.number()), totalMs: z.number() });
const reportShape = z.looseObject({
  format: z.literal(REPORT_FORMAT),
  file: z.string(),
  fileHash: z.string(),
  startedAt: z.string(),
  filter: z.nullable(z.string()),
  shard: z.nullable(z.object({ index: z.number(), count: z.number() })),
  summary: z.looseObject({ cases: z.number(), durationMs: z.number() }),
  settings: z.object({ repeat: z.number(), threshold: z.number(), concurrency: z.number() }),
  agents: z.array(z.object({ reference: z.string(), id: z.string() })),
  cases: z.array(
    z.looseObject({
      name: z.string(),
      index: z.number(),
      passed: z.boolean(),
      passRate: z.number(),
      durationMs: z.number(),
      runs: z.array(z.looseObject({ timing })),
    }),
  ),
  notRun: z.array(z.looseObject({ name: z.string(), index: z.number(), why: z.string() })),
  error: z.optional(z.object({ kind: z.string(), message: z.string(), exitCode: z.number() })),
});

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
  const parsed = reportShape.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(
      'usage',
      `${flag} ${path} is not a whole eval report: ${issue.path.join('.') || 'the document'}: ${issue.message}`,
    );
  }
  return value as EvalReport;
}

export function writeReport(path: string, report: EvalReport, flag = '--report'): void {
  writeOutputFile(path, JSON.stringify(report, null, 2) + '\n', flag);
}

/** A file a CI job uploads: written whole, with no secret of this run in it. */
export function writeOutputFile(path: string, text: string, flag: string): void {
  try {
    writeFileSync(path, scrubSecrets(text), { mode: 0o644 });
  } catch (error) {
    throw new CliError('usage', `cannot write ${flag} ${path}: ${(error as Error).message}`);
  }
}
