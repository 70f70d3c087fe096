// `agents eval`: run the cases of an eval file against agents and check their answers.
import { REPORT_FORMAT, reportSchema } from '../../eval/report-schema.js';
import { count, fraction, inputPath, on, outputPath, reference, text } from '../../definition/flags.js';
import { titled } from '../output-shapes.js';
import { BASELINE_FLAGS } from './baseline-flags.js';
import { VIEW_FLAGS } from './view-flags.js';
import { defineSpec } from '../../definition/define.js';
import { SUFFIX_FLAG } from '../suffix-flag.js';

const FORMAT = `
The file (YAML or JSON), checked whole before any request:
  cases:
    - name: greets              # unique within the file
      agent: Docs bot           # name, id prefix or id; else --agent
      input: hello              # or turns: [{input, assert}, …]: one session
      outputSchema: {type: object}     # optional, as --output-schema
      llm_params: {temperature: 0}     # optional
      assert:                   # each check is one "kind: value" pair
        - contains: hello       # or icontains, not-contains, equals, regex
        - json-schema: {type: object}
        - is-json: true
        - tool-called: weather  # or {name: weather, args: {city: Paris}}
        - max-latency-ms: 5000  # the whole answer; max-ttft-ms: first token
        - no-error: true        # fails on an error event or a cut answer
        - judge: {agent: Judge bot, rubric: answers politely}
                                # another agent answers PASS or FAIL
    - name: greets {{who}}      # vars go into its texts as {{name}}
      vars: {who: Ada}
      input: hello {{who}}
      assert: [{contains: "{{who}}"}]
    - name: capital of {{country}}   # a template: one case per row
      dataset: capitals.csv     # or .jsonl; beside the eval file; the
      input: capital of {{country}}? # header's columns are the vars
      assert: [{icontains: "{{capital}}"}]

Each case runs in a fresh session; with --repeat N it passes when its pass
rate reaches --threshold. Exit codes: 0 every case passed; 1 one failed
(with --baseline: one regressed); 2 an invalid file or flag; 3, 4, 5 the
service is unreachable, refused the token or lacks an agent (the run stops);
130 Ctrl-C. What finished is reported either way. CI recipes: docs/eval.md.`;

/** The run as a report (format 1): the --json document, the --report file, what merge writes. */
export const reportShape = () =>
  titled(
    reportSchema(),
    `agents eval --json, --report files and agents eval merge: the whole run, format ${REPORT_FORMAT} (what --baseline, merge and compare read)`,
  );

export const spec = defineSpec({
  path: 'eval',
  summary: 'Run test cases against agents and check their answers',
  description:
    'Run the cases of an eval file against agents, check each answer (text, JSON, tool calls, latency), and report: a progress line and a table on a terminal, a line per case elsewhere, --json, --events or --junit for CI.',
  args: [],
  flags: {
    file: inputPath('the eval file (YAML or JSON), or - for stdin (required)', { short: '-f' }),
    agent: reference('agent', 'the agent for cases that name none (an id, an id prefix or a name)'),
    ...SUFFIX_FLAG,
    filter: text('run only the cases whose name contains this text (any case)'),
    concurrency: count('cases run at once', { min: 1, max: 64, default: '4' }),
    repeat: count('run each case n times and report its pass rate', { min: 1, max: 1000, default: '1' }),
    threshold: fraction('the pass rate, 0 to 1, a repeated case needs', {
      min: 0,
      max: 1,
      default: '1',
      placeholder: 'rate',
    }),
    junit: outputPath('also write a JUnit XML report there (for GitHub, GitLab, Jenkins)'),
    report: outputPath('also write the whole run there (the --json document): what --baseline, merge and compare read'),
    ...VIEW_FLAGS,
    ...BASELINE_FLAGS,
    shard: text('run only part i of n of the cases (by a hash of each name); `agents eval merge` joins the reports', {
      placeholder: 'i/n',
    }),
    events: on('print NDJSON events as cases start and finish (case_start, timing, case_end, summary)'),
  },
  output: { name: 'eval', schema: reportShape },
  helpAfter: FORMAT,
  uses: ['service', 'env', 'runLog'],
  examples: [
    'agents eval -f evals.yaml --filter greets',
    'agents eval -f evals.yaml --junit report.xml || echo "a case failed: $?"',
    'agents eval -f evals.yaml --filter remembers --repeat 5 --threshold 0.8',
    'agents eval -f evals.yaml --filter greets --json | jq .summary',
    "printf 'cases:\\n  - {name: hi, input: hello, assert: [{contains: hello}]}\\n' > hi.yaml",
    'agents eval -f hi.yaml --agent "Docs bot"   # cases that name no agent use this one',
    'agents eval -f evals.yaml --report main.json   # exit 1: two cases fail on purpose',
    'agents eval -f evals.yaml --baseline main.json   # only regressions fail the run',
    'agents eval -f evals.yaml --shard 1/2 --report shard1.json',
    'agents eval -f evals.yaml --shard 2/2 --report shard2.json   # exit 1: both failing cases',
    'agents eval merge shard1.json shard2.json --junit eval.xml   # exit 1: as one run',
    'agents eval compare main.json shard1.json --all',
    'agents eval -f evals.yaml --html report.html   # exit 1: open report.html in a browser',
  ],
  readsStdin: ['-f', '-'],
});
