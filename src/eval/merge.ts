// `agents eval merge`: the shards of one run back into the report one unsharded run would have
// written: every case in the file's order, the counts recounted, the first error kept. Reports of
// different eval files, filters or settings, a shard given twice or one missing: exit 2.
import { CliError } from '../errors.js';
import type { EvalReport } from './report.js';

export function mergeReports(reports: Array<{ path: string; report: EvalReport }>): EvalReport {
  const [first, ...rest] = reports;
  if (!first) throw new CliError('usage', 'merge needs at least one report');
  for (const { path, report } of rest) {
    const differs = (what: string, a: unknown, b: unknown) => {
      if (JSON.stringify(a) !== JSON.stringify(b))
        throw new CliError('usage', `${path} is not a shard of the same run as ${first.path}: ${what} differs`, {
          details: [`${first.path}: ${JSON.stringify(a)}`, `${path}: ${JSON.stringify(b)}`],
        });
    };
    differs('the eval file (its hash)', first.report.fileHash, report.fileHash);
    differs('--filter', first.report.filter, report.filter);
    differs(
      '--repeat and --threshold',
      [first.report.settings.repeat, first.report.settings.threshold],
      [report.settings.repeat, report.settings.threshold],
    );
    differs('the shard count', first.report.shard?.count ?? null, report.shard?.count ?? null);
  }
  checkShards(reports);
  const all = reports.map(({ report }) => report);
  const cases = all.flatMap((report) => report.cases).sort((a, b) => a.index - b.index);
  const notRun = all.flatMap((report) => report.notRun).sort((a, b) => a.index - b.index);
  const passed = cases.filter((c) => c.passed).length;
  const error = [...all]
    .sort((a, b) => (a.shard?.index ?? 0) - (b.shard?.index ?? 0))
    .find((report) => report.error)?.error;
  const total = all.reduce((sum, report) => sum + report.summary.cases, 0);
  const agents = new Map(all.flatMap((report) => report.agents.map((agent) => [agent.reference, agent] as const)));
  return {
    ...first.report,
    startedAt: all.map((report) => report.startedAt).sort()[0]!,
    shard: null,
    passed: !error && passed === total,
    // The shards ran side by side: the merged run took as long as the slowest.
    summary: {
      cases: total,
      passed,
      failed: cases.length - passed,
      unfinished: total - cases.length,
      durationMs: Math.max(...all.map((r) => r.summary.durationMs)),
    },
    agents: [...agents.values()],
    cases,
    notRun,
    ...(error ? { error } : { error: undefined }),
    baseline: undefined,
  };
}

function checkShards(reports: Array<{ path: string; report: EvalReport }>): void {
  const count = reports[0]!.report.shard?.count;
  if (count === undefined) {
    if (reports.length > 1)
      throw new CliError(
        'usage',
        'these reports are not shards (written without --shard): each is a whole run already',
      );
    return;
  }
  const byIndex = new Map<number, string>();
  for (const { path, report } of reports) {
    const index = report.shard!.index;
    const earlier = byIndex.get(index);
    if (earlier) throw new CliError('usage', `shard ${index}/${count} is given twice: ${earlier} and ${path}`);
    byIndex.set(index, path);
  }
  const missing = Array.from({ length: count }, (_v, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    throw new CliError(
      'usage',
      `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing: a merge needs all ${count}`,
    );
  }
}
