import { Option, type Command } from 'commander';
import type { Deps } from '../../deps.js';
import { decimal } from '../../util/decimal.js';
import { lazyAction, newCommand, withExamples } from '../define.js';
import { evalCompareCommand, evalMergeCommand } from './reports.js';

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

Each case runs in a fresh session; with --repeat N it passes when its pass
rate reaches --threshold. Exit codes: 0 every case passed; 1 one failed
(with --baseline: one regressed); 2 an invalid file or flag; 3, 4, 5 the
service is unreachable, refused the token or lacks an agent (the run stops);
130 Ctrl-C. What finished is reported either way. CI recipes: docs/eval.md.`;

export function evalCommand(deps: Deps): Command {
  const command = newCommand('eval', 'Run test cases against agents and check their answers')
    .description(
      'Run the cases of an eval file against agents, check each answer (text, JSON, tool calls, latency), and report: a progress line and a table on a terminal, a line per case elsewhere, --json, --events or --junit for CI.',
    )
    .option('-f, --file <path>', 'the eval file (YAML or JSON), or - for stdin (required)')
    .option('--agent <agent>', 'the agent for cases that name none (an id, an id prefix or a name)')
    .option('--filter <text>', 'run only the cases whose name contains this text (any case)')
    .addOption(new Option('--concurrency <n>', 'cases run at once').default(4).argParser(decimal))
    .addOption(
      new Option('--repeat <n>', 'run each case n times and report its pass rate').default(1).argParser(decimal),
    )
    .addOption(
      new Option('--threshold <rate>', 'the pass rate, 0 to 1, a repeated case needs').default(1).argParser(decimal),
    )
    .option('--junit <file>', 'also write a JUnit XML report there (for GitHub, GitLab, Jenkins)')
    .option(
      '--report <file>',
      'also write the whole run there (the --json document): what --baseline, merge and compare read',
    )
    .option(
      '--baseline <report>',
      'exit 1 only for regressions against this earlier report, not for failures it had too',
    )
    .addOption(
      new Option('--tolerance <rate>', 'with --baseline: how far, 0 to 1, a pass rate may drop')
        .default(0)
        .argParser(decimal),
    )
    .option(
      '--shard <i/n>',
      'run only part i of n of the cases (by a hash of each name); `agents eval merge` joins the reports',
    )
    .option('--events', 'print NDJSON events as cases start and finish (case_start, timing, case_end, summary)')
    .addHelpText('after', FORMAT)
    .action(lazyAction(deps, () => import('./eval.run.js')));
  command.addCommand(evalMergeCommand(deps)).addCommand(evalCompareCommand(deps));
  return withExamples(command, [
    'agents eval -f examples/evals.yaml --filter greets',
    'agents eval -f examples/evals.yaml --junit report.xml || echo "a case failed: $?"',
    'agents eval -f examples/evals.yaml --filter remembers --repeat 5 --threshold 0.8',
    'agents eval -f examples/evals.yaml --filter greets --json | jq .summary',
    "printf 'cases:\\n  - {name: hi, input: hello, assert: [{contains: hello}]}\\n' > hi.yaml",
    'agents eval -f hi.yaml --agent "Docs bot"   # cases that name no agent use this one',
    'agents eval -f examples/evals.yaml --report main.json   # exit 1: two cases fail on purpose',
    'agents eval -f examples/evals.yaml --baseline main.json   # only regressions fail the run',
    'agents eval -f examples/evals.yaml --shard 1/2 --report shard1.json',
    'agents eval -f examples/evals.yaml --shard 2/2 --report shard2.json   # exit 1: both failing cases',
    'agents eval merge shard1.json shard2.json --junit eval.xml   # exit 1: as one run',
    'agents eval compare main.json shard1.json --all',
  ]);
}
