// `agents eval report`: a report already written, as a web page or a job summary.
import { requiredArg } from '../../../definition/flags.js';
import { BASELINE_FLAGS } from '../baseline-flags.js';
import { VIEW_FLAGS } from '../view-flags.js';
import { defineSpec } from '../../../definition/define.js';
import { reportShape } from '../definition.js';

export const spec = defineSpec({
  path: 'eval report',
  summary: 'Turn a report file into a web page or a job summary',
  description:
    'Write the web page (--html) or the Markdown summary (--summary) of a report that `agents eval --report` or `agents eval merge --report` wrote, judged against --baseline when given. Exit 1 when what it writes shows a regression (against --baseline, or the baseline the report was judged against), as `agents eval` and `agents eval merge` do; otherwise 0 once written: failures alone do not fail a view.',
  args: [requiredArg('run', 'the report file (- for stdin)', { label: 'report', complete: { kind: 'files' } })],
  flags: { ...VIEW_FLAGS, ...BASELINE_FLAGS },
  output: { name: 'eval', schema: reportShape },
  readsStdin: ['-', '--html', 'report.html'],
  uses: ['env'],
  examples: [
    'agents eval report main.json --html main.html',
    'agents eval report shard1.json --baseline main.json --html shard1.html',
  ],
});
