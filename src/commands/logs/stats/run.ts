import { duration } from '../../../invoke/timing.js';
import { runStats } from '../../../logs/runs.js';
import { renderTable } from '../../../ui/table.js';
import type { RunOf } from '../../command.js';
import { filterOf } from '../filter-flags.js';
import { openRunLog } from '../open.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const filter = filterOf(options);
  const db = openRunLog(ctx);
  try {
    const stats = runStats(db, filter).sort((a, b) => b.runs - a.runs);
    const ms = (value: number | null) => (value === null ? '-' : duration(value));
    await ctx.out.result(stats, {
      human: () => {
        if (stats.length === 0) return void ctx.io.logger.info('No runs logged yet that match.');
        return renderTable(
          ['AGENT', 'RUNS', 'FAILED', 'FIRST TOKEN p50', 'p95', 'TOTAL p50', 'p95', 'CHARS p50'],
          stats.map((s) => [
            s.agentName ?? s.agentId ?? '-',
            String(s.runs),
            s.failed === 0
              ? '0'
              : `${s.failed}: ${Object.entries(s.failures)
                  .map(([kind, n]) => `${kind} ${n}`)
                  .join(', ')}`,
            ms(s.ttftMs.p50),
            ms(s.ttftMs.p95),
            ms(s.totalMs.p50),
            ms(s.totalMs.p95),
            s.chars.p50 === null ? '-' : String(s.chars.p50),
          ]),
          { theme: ctx.out.theme, width: ctx.out.columns },
        );
      },
    });
  } finally {
    db.close();
  }
};
