// add-* and remove-*: one attempt per id. Every id is tried, so one run reports every failure, not
// only the first; the entries print as one --json array whatever their count; a run of several
// ids that failed in part ends with PartialFailure (each failure already on stderr), one id with
// its own error.
import type { Uses } from '../../context.js';
import { CliError, errorFields, PartialFailure } from '../../errors.js';

type Entry = Record<string, unknown>;

export async function forEachId(
  ctx: Uses,
  ids: readonly string[],
  attempt: (id: string) => Promise<Entry>,
  failedEntry: (id: string, error: { kind: string; message: string; exitCode: number }) => Entry,
): Promise<void> {
  const entries: Entry[] = [];
  const failures: CliError[] = [];
  for (const id of ids) {
    try {
      entries.push(await attempt(id));
    } catch (error) {
      if (!(error instanceof CliError) || error.kind === 'interrupted') throw error;
      failures.push(error);
      entries.push(failedEntry(id, errorFields(error)));
      if (ids.length > 1) ctx.reportFailure(error);
    }
  }
  await ctx.out.result(entries);
  const first = failures[0];
  if (first) throw ids.length > 1 ? new PartialFailure(failures) : first;
}
