// `agents eval report`: a report already written, as a web page or a job summary.
import { requiredArg } from '../../../spec/flags.js';
import { BASELINE_FLAGS } from '../baseline-flags.js';
import { VIEW_FLAGS } from '../view-flags.js';
import { defineSpec } from '../../../spec/spec.js';
import { reportShape } from '../spec.js';

export const spec = defineSpec({
  path: 'eval report',
  summary: 'Turn a report file into a web page or a job summary',
  description:
    'Write the web page (--html) or the Markdown summary (--summary) of a report that `agents eval --report` or `agents eval merge --report` wrote, judged against --baseline when given. Always exit 0 when it wrote them: it is a view; `agents eval merge` gates.',
  args: [requiredArg('run', 'the report file (- for stdin)', { label: 'report', complete: { kind: 'files' } })],
  flags: { ...VIEW_FLAGS, ...BASELINE_FLAGS },
  output: { name: 'eval', schema: reportShape },
  readsStdin: ['-', '--html', 'report.html'],
  examples: [
    'agents eval report main.json --html main.html',
    'agents eval report shard1.json --baseline main.json --html shard1.html',
  ],
});
