import { searchRuns } from '../../../logs/runs.js';
import type { RunOf } from '../../command.js';
import { filterOf } from '../filter-flags.js';
import { openRunLog } from '../open.js';
import { highlighted, runsTable } from '../view.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const filter = filterOf(options);
  const db = openRunLog(ctx);
  try {
    const hits = searchRuns(db, options.text.join(' '), filter, options.limit);
    const snippets = new Map(hits.map((hit) => [hit.run.id, hit]));
    const shown = (id: string) => {
      const hit = snippets.get(id)!;
      const snippet = hit.answerSnippet.includes('\ue000') ? hit.answerSnippet : hit.inputSnippet;
      return highlighted(snippet, ctx.out.theme, ctx.out.isTerminal);
    };
    await ctx.out.result(hits, {
      quiet: () => hits.map((hit) => hit.run.id),
      human: () => {
        if (hits.length > 0)
          return runsTable(
            hits.map((hit) => hit.run),
            ctx.out.theme,
            ctx.out.columns,
            (r) => shown(r.id),
          );
        ctx.io.logger.info('No logged run holds those words.');
      },
    });
  } finally {
    db.close();
  }
};
