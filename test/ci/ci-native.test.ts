// eval, merge, compare, diff and apply on a CI runner, against the emulator: the Markdown job
// summary they append (GITHUB_STEP_SUMMARY or --summary) and the annotations they print on GitHub
// Actions (GITHUB_ACTIONS=true), with hostile case names, answers and agent names: the eval file
// comes from a pull request and the answers from a service.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANNOTATION_CAP } from '../../src/ci/annotations.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';
import { workflowCommandsIn } from '../helpers/workflow-commands.js';
import { fullDeviceUsable } from '../helpers/full-device.js';

const running = useEmulatorEnv();
let dir: string;
const agents = (argv: string[], env: Record<string, string> = {}) =>
  runCli(argv, { env: { ...running.env, ...env }, configDir: running.env.AGENTS_CONFIG_DIR });
const onGitHub = (summary: string) => ({
  GITHUB_ACTIONS: 'true',
  GITHUB_WORKSPACE: dir,
  GITHUB_STEP_SUMMARY: summary,
});
const render = (markdown: string) => new MarkdownIt({ html: true, linkify: true }).render(markdown);
/** What a rendered summary must never hold when its texts are hostile. */
const FORGED = ['<img', '<script', '<a ', '<h1', '<h2', '<strong>x', '<blockquote', '<!--', '<b>'];

const HOSTILE_NAME = '<img src=x onerror=alert(1)> | [x](https://evil.example) ::error::forged';
const HOSTILE_INPUT = 'hello </script><b>bold</b>\n# heading\n::add-mask::x %0A ::warning::y';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agents-ci-native-'));
  expect((await agents(['create', '-q', '--name', 'CI bot', '--description', 'd', '--llm-model', 'GPT_4'])).code).toBe(
    0,
  );
});

/** An eval file of `[name, input, check]` cases for CI bot, one a line (case n is at line n + 1). */
function evalFile(name: string, cases: Array<[string, string, string]>): string {
  const path = join(dir, name);
  const lines = cases.map(
    ([caseName, input, check]) =>
      `  - {name: ${JSON.stringify(caseName)}, agent: CI bot, input: ${JSON.stringify(input)}, assert: [${check}]}`,
  );
  writeFileSync(path, `cases:\n${lines.join('\n')}\n`);
  return path;
}

describe('eval on GitHub Actions', () => {
  it('appends a summary (regressions first, then failures) and annotates each at its line, hostile text kept inert', async () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '# An earlier step\n\n');
    const cases: Array<[string, string, string]> = [
      ['keeps passing', 'hello', '{contains: hello}'],
      [HOSTILE_NAME, HOSTILE_INPUT, '{contains: hello}'],
      ['always fails', 'hello', '{contains: nope}'],
    ];
    const baseline = join(dir, 'baseline.json');
    const first = await agents(['eval', '-f', evalFile('evals.yaml', cases), '--report', baseline], onGitHub(summary));
    expect(first.code).toBe(1);

    // The hostile case fails now (its answer no longer holds "hello"): a regression.
    cases[1] = [HOSTILE_NAME, HOSTILE_INPUT, '{contains: never-said}'];
    const file = evalFile('evals.yaml', cases);
    const second = await agents(['eval', '-f', file, '--baseline', baseline], onGitHub(summary));
    expect(second.code).toBe(1);

    const markdown = readFileSync(summary, 'utf8');
    expect(markdown.startsWith('# An earlier step\n\n')).toBe(true);
    const runs = markdown.split(/^### /m).slice(1);
    expect(runs).toHaveLength(2);
    const latest = render(`### ${runs[1]}`);
    for (const tag of FORGED) expect(latest, tag).not.toContain(tag);
    expect(latest).toContain('1 passed, 2 failed of 3 cases');
    // Regressions first, then the failure that was already failing.
    const regressions = latest.indexOf('Regressions (1)');
    const known = latest.indexOf('Still failing, as in the baseline (1)');
    expect(regressions).toBeGreaterThan(0);
    expect(known).toBeGreaterThan(regressions);
    // One table row per case shown, plus each table's header: no row came from the hostile text.
    expect(latest.match(/<tr>/g)).toHaveLength(4);
    const rows = [
      ...latest.matchAll(
        /<tr>\s*<td>([\s\S]*?)<\/td>\s*<td>([\s\S]*?)<\/td>\s*<td>([\s\S]*?)<\/td>\s*<td>([\s\S]*?)<\/td>/g,
      ),
    ];
    const shown = (cell: string) =>
      cell
        .replace(/\u200b/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
    expect(shown(rows[0]![1]!)).toBe(HOSTILE_NAME);
    expect(shown(rows[0]![2]!)).toBe('CI bot');
    expect(shown(rows[0]![3]!)).toContain('contains: expected the answer to contain "never-said"');
    expect(shown(rows[0]![4]!)).toContain('hello </script><b>bold</b> # heading ::add-mask::x');
    expect(shown(rows[1]![1]!)).toBe('always fails');

    // Annotations: only the CLI's own (the hostile text is inside them), at each case's line.
    const commands = workflowCommandsIn(second.stderr);
    expect(commands.map((c) => [c.command, c.properties.file, c.properties.line, c.properties.title])).toEqual([
      ['error', 'evals.yaml', '3', `Regressed: ${HOSTILE_NAME}`],
      ['warning', 'evals.yaml', '4', 'Still failing: always fails'],
    ]);
    expect(commands[0]!.message).toContain('passed in the baseline, fails now');
    expect(commands[0]!.message).toContain('agent: CI bot');
    expect(commands[0]!.message.split('\n')).toHaveLength(3);
  });

  it('prints at most 50 annotations, then one line saying how many were left out', async () => {
    const cases = Array.from({ length: ANNOTATION_CAP + 12 }, (_, i): [string, string, string] => [
      `case ${i + 1}`,
      'hello',
      '{contains: nope}',
    ]);
    const result = await agents(
      ['eval', '-f', evalFile('many.yaml', cases), '--concurrency', '8'],
      onGitHub(join(dir, 'many.md')),
    );
    expect(result.code).toBe(1);
    const commands = workflowCommandsIn(result.stderr);
    expect(commands.filter((c) => c.command === 'error')).toHaveLength(ANNOTATION_CAP);
    expect(commands.at(-1)!.command).toBe('notice');
    expect(commands.at(-1)!.message).toMatch(/^12 more annotations were left out/);
    expect(commands).toHaveLength(ANNOTATION_CAP + 1);
  });

  it('annotates each problem of an invalid eval file at its line, and prints none off GitHub Actions', async () => {
    const path = join(dir, 'broken.yaml');
    writeFileSync(
      path,
      'cases:\n  - name: a\n    input: hi\n    agent: CI bot\n    assert: [{containz: hi}]\n  - name: b\n    agent: CI bot\n    assert: []\n',
    );
    const result = await agents(['eval', '-f', path], onGitHub(join(dir, 'broken.md')));
    expect(result.code).toBe(2);
    const commands = workflowCommandsIn(result.stderr);
    expect(commands.map((c) => [c.command, c.properties.file, c.properties.line])).toEqual([
      ['error', 'broken.yaml', '5'],
      ['error', 'broken.yaml', '6'],
    ]);
    expect(commands[0]!.message).toContain('unknown check "containz"');
    expect(commands[0]!.properties.title).toBe('invalid eval file (nothing was sent)');

    const elsewhere = await agents(['eval', '-f', path]);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).not.toMatch(/^::/m);
  });
});

describe('text that is not ours never starts a workflow command', () => {
  it('on stdout (a table) or stderr (a list under an error), while the annotations still work', async () => {
    const names = ['::add-mask::hidden', '  ::error file=evals.yaml,line=1::forged', '::stop-commands::pause'];
    const file = evalFile(
      'commands.yaml',
      names.map((name): [string, string, string] => [name, 'hello', '{contains: nope}']),
    );
    const unmatched = await agents(['eval', '-f', file, '--filter', 'matches-nothing'], onGitHub(join(dir, 'c.md')));
    expect(unmatched.code).toBe(2);
    expect(workflowCommandsIn(unmatched.stderr)).toEqual([]);
    for (const name of names) expect(unmatched.stderr.replace(/:\u00a0:/g, '::')).toContain(name.trim());

    const report = join(dir, 'commands.json');
    const run = await agents(['eval', '-f', file, '--report', report], onGitHub(join(dir, 'c.md')));
    expect(run.code).toBe(1);
    expect(workflowCommandsIn(run.stdout)).toEqual([]);
    expect(workflowCommandsIn(run.stderr).map((c) => c.properties.title)).toEqual(
      names.map((name) => `Failed: ${name.trim()}`),
    );

    const compared = await agents(['eval', 'compare', report, report, '--all'], onGitHub(join(dir, 'c.md')));
    expect(compared.code).toBe(0);
    expect(compared.stdout.replace(/:\u00a0:/g, '::')).toMatch(/^::add-mask::hidden/m);
    expect(workflowCommandsIn(compared.stdout)).toEqual([]);
  });
});

describe('diff and apply', () => {
  it('summarise the plan as a table, hostile names and prompts as text; a stack problem is annotated at its line', async () => {
    const stack = join(dir, 'stack.yaml');
    const agent = (prompt: string) =>
      `agents:\n  - name: ${JSON.stringify(HOSTILE_NAME)}\n    description: d\n    llmModel: GPT_4\n    prompt: ${JSON.stringify(prompt)}\n`;
    writeFileSync(stack, agent('first'));
    const summary = join(dir, 'plan.md');
    expect((await agents(['apply', '-f', stack], onGitHub(summary))).code).toBe(0);
    writeFileSync(stack, agent(`${HOSTILE_INPUT} ${'x'.repeat(300)}`));
    const diff = await agents(['diff', '-f', stack], onGitHub(summary));
    expect(diff.code).toBe(1);

    const [applied, diffed] = readFileSync(summary, 'utf8')
      .split(/^### /m)
      .slice(1)
      .map((part) => render(`### ${part}`));
    for (const html of [applied!, diffed!]) for (const tag of FORGED) expect(html, tag).not.toContain(tag);
    expect(applied).toContain('Plan: 1 to create, 0 to update, 0 unchanged');
    expect(applied).toMatch(/<td>✓ created<\/td>/);
    expect(diffed).toContain('Plan: 0 to create, 1 to update, 0 unchanged');
    expect(diffed!.match(/<tr>/g)).toHaveLength(2);
    expect(diffed).toMatch(/more characters/);

    writeFileSync(stack, `agents:\n  - name: ok\n    description: d\n    llmModel: GPT_4\n    colour: blue\n`);
    const invalid = await agents(['diff', '-f', stack], onGitHub(summary));
    expect(invalid.code).toBe(2);
    const commands = workflowCommandsIn(invalid.stderr);
    expect(commands.map((c) => [c.command, c.properties.file, c.properties.line])).toEqual([
      ['error', 'stack.yaml', '5'],
    ]);
    expect(commands[0]!.message).toContain('unknown field colour');
  });
});

describe('eval compare', () => {
  it('appends the changed cases as a table', async () => {
    const before = join(dir, 'before.json');
    const after = join(dir, 'after.json');
    await agents([
      'eval',
      '-f',
      evalFile('cmp.yaml', [[HOSTILE_NAME, 'hello', '{contains: hello}']]),
      '--report',
      before,
    ]);
    await agents([
      'eval',
      '-f',
      evalFile('cmp.yaml', [[HOSTILE_NAME, 'hello', '{contains: nope}']]),
      '--report',
      after,
    ]);
    const summary = join(dir, 'compare.md');
    const result = await agents(['eval', 'compare', before, after, '--summary', summary]);
    expect(result.code).toBe(0);
    const html = render(readFileSync(summary, 'utf8'));
    for (const tag of FORGED) expect(html, tag).not.toContain(tag);
    expect(html).toContain('1 of 1 cases shown changed their verdict or pass rate');
    expect(html).toMatch(/<td>PASS 100%<\/td>\s*<td>FAIL 0%<\/td>/);

    // eval report: the same report's summary, judged against the earlier one (a regression: exit 1,
    // as eval and merge); nothing asked is exit 2.
    const reported = await agents(['eval', 'report', after, '--baseline', before, '--summary', summary]);
    expect(reported.code).toBe(1);
    expect(readFileSync(summary, 'utf8')).toMatch(/### ❌ agents eval report[\s\S]*Regressions \(1\)/);
    const nothing = await agents(['eval', 'report', after]);
    expect([nothing.code, nothing.stderr]).toEqual([
      2,
      'error: nothing to write: give --html FILE, --summary FILE, or both\n',
    ]);
  });
});

describe.skipIf(!fullDeviceUsable)('a job summary file that cannot be written', () => {
  it('names the runner variable it came from, not a flag the user never gave (exit 8)', async () => {
    const stack = join(dir, 'summary-full.yaml');
    writeFileSync(stack, 'agents:\n  - {name: Summary bot, description: d, llmModel: GPT_4}\n');
    const fromRunner = await agents(['diff', '-f', stack], { GITHUB_STEP_SUMMARY: '/dev/full' });
    expect(fromRunner.code).toBe(8);
    expect(fromRunner.stderr).toContain('could not write the job summary (GITHUB_STEP_SUMMARY) /dev/full');
    const fromFlag = await agents(['diff', '-f', stack, '--summary', '/dev/full']);
    expect(fromFlag.stderr).toContain('could not write --summary /dev/full');
  });

  it('--summary - is refused before anything runs (it wrote a file named -)', async () => {
    const stack = join(dir, 'summary-dash.yaml');
    writeFileSync(stack, 'agents:\n  - {name: Dash bot, description: d, llmModel: GPT_4}\n');
    const before = running.emulator.requests.length;
    const dash = await agents(['diff', '-f', stack, '--summary', '-']);
    expect(dash.code).toBe(2);
    expect(dash.stderr).toContain('cannot write --summary -: it names no file');
    expect(running.emulator.requests.length).toBe(before);
  });
});
