// Data-driven evals: a case's `vars`, and a case template with a CSV or JSON Lines `dataset` (one
// case per row, named by its name template or its row number, each knowing its row's file:line).
// Every problem of a dataset is exit 2 naming file:line, and the column where the parser can tell.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/errors.js';
import { loadEvalFile } from '../../src/eval/load.js';
import { stdinFrom } from '../helpers/streams.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'agents-eval-data-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const load = (dir: string) => loadEvalFile(join(dir, 'evals.yaml'), stdinFrom(), 'Support bot');

async function problem(files: Record<string, string>): Promise<string[]> {
  const dir = folder(files);
  const error = await load(dir).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  expect((error as CliError).exitCode).toBe(2);
  return (error as CliError).details.map((line) => line.replaceAll(`${dir}/`, ''));
}

const TEMPLATE = `cases:
  - name: "capital of {{country}}"
    dataset: capitals.csv
    input: "What is the capital of {{country}}?"
    assert:
      - icontains: "{{capital}}"
`;

describe('a case with vars', () => {
  it('has them put into its name, agent, input and checks; braces of a case without vars stay text', async () => {
    const dir = folder({
      'evals.yaml': `cases:
  - name: greets {{who}}
    vars: { who: Ada, bot: Travel bot, ms: 5000 }
    agent: "{{bot}}"
    turns:
      - input: "hello {{who}}"
        assert: [{ contains: "{{who}}" }, { max-latency-ms: "{{ms}}" }]
  - name: braces
    input: "what does {{x}} mean in a template?"
    assert: [{ no-error: true }]
`,
    });
    const [greets, braces] = (await load(dir)).cases;
    expect(greets).toMatchObject({ name: 'greets Ada', agent: 'Travel bot' });
    expect(greets!.turns[0]).toEqual({
      input: 'hello Ada',
      checks: [
        { kind: 'contains', value: 'Ada' },
        { kind: 'max-latency-ms', value: 5000 },
      ],
    });
    expect(braces!.turns[0]!.input).toBe('what does {{x}} mean in a template?');
  });

  it('names a var the case does not give', async () => {
    expect(
      await problem({
        'evals.yaml':
          'cases:\n  - name: a\n    vars: { who: Ada }\n    input: "hi {{whom}}"\n    assert: [{ no-error: true }]\n',
      }),
    ).toEqual(['evals.yaml:2: case "a": {{whom}}: no such var (vars: who)']);
  });
});

describe('a dataset', () => {
  it('makes a case of each CSV row, named by the template, where its row is', async () => {
    const dir = folder({
      'evals.yaml': TEMPLATE,
      'capitals.csv':
        'country,capital\nFrance,Paris\n"Japan, the country",Tokyo\n\n"Peru\n(the one in America)",Lima\n',
    });
    const cases = (await load(dir)).cases;
    expect(cases.map((c) => [c.name, c.where.replace(`${dir}/`, ''), c.turns[0]!.checks[0]!.value])).toEqual([
      ['capital of France', 'capitals.csv:2', 'Paris'],
      ['capital of Japan, the country', 'capitals.csv:3', 'Tokyo'],
      ['capital of Peru\n(the one in America)', 'capitals.csv:5', 'Lima'],
    ]);
    expect(cases.map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it('names a case by its row number when its name has no var; JSON Lines numbers stay numbers', async () => {
    const dir = folder({
      'evals.yaml':
        'cases:\n  - name: quick\n    dataset: rows.jsonl\n    input: "{{q}}"\n    assert: [{ max-latency-ms: "{{ms}}" }]\n',
      'rows.jsonl': '{"q":"hi","ms":5000}\n\n{"q":"yo","ms":6000}\n',
    });
    const cases = (await load(dir)).cases;
    expect(cases.map((c) => [c.name, c.where.replace(`${dir}/`, ''), c.turns[0]!.checks[0]!.value])).toEqual([
      ['quick row 1', 'rows.jsonl:1', 5000],
      ['quick row 2', 'rows.jsonl:3', 6000],
    ]);
  });

  it('loads 10,000 rows (their speed is a benchmark: npm run bench)', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `country ${i},capital ${i}`);
    const dir = folder({ 'evals.yaml': TEMPLATE, 'capitals.csv': `country,capital\n${rows.join('\n')}\n` });
    const cases = (await load(dir)).cases;
    expect(cases).toHaveLength(10_000);
    expect(cases.at(-1)!.where).toBe(`${dir}/capitals.csv:10001`);
  });

  it('is exit 2 naming file:line (and the column) of a bad row, a bad header, or a var no column gives', async () => {
    const csv = (text: string) => problem({ 'evals.yaml': TEMPLATE, 'capitals.csv': text });
    expect(await csv('country,capital\nFrance,Paris\nJapan,Tokyo,extra\n')).toEqual([
      'evals.yaml:2: case "capital of {{country}}": capitals.csv:3: the row has 3 fields; the header has 2',
    ]);
    expect(await csv('country,capital\nFrance,"Par"is\n')).toEqual([
      'evals.yaml:2: case "capital of {{country}}": capitals.csv:2, column 2: Invalid Closing Quote: got "i" instead of delimiter or the end of the line',
    ]);
    expect(await csv('country,country\nFrance,Paris\n')).toEqual([
      'evals.yaml:2: case "capital of {{country}}": capitals.csv:1, column 2: column "country" is named twice',
    ]);
    expect(await csv('country,city\nFrance,Paris\n')).toEqual([
      'evals.yaml:2: case "capital of {{country}}": {{capital}} is neither a column of capitals.csv (country, city) nor a var',
    ]);
    expect(await csv('country,capital\n')).toEqual([
      'evals.yaml:2: case "capital of {{country}}": capitals.csv has no rows',
    ]);
    const jsonl = await problem({
      'evals.yaml': TEMPLATE.replace('capitals.csv', 'rows.jsonl'),
      'rows.jsonl': '{"country":"France","capital":"Paris"}\n{"country":"Japan",}\n',
    });
    expect(jsonl[0]).toMatch(/^evals\.yaml:2: case "capital of \{\{country\}\}": rows\.jsonl:2, column 20: not JSON: /);
    expect(await problem({ 'evals.yaml': TEMPLATE })).toEqual([
      'evals.yaml:2: case "capital of {{country}}": cannot read dataset capitals.csv: no such file',
    ]);
  });

  it("reports a row whose values make a bad case at the row's file:line", async () => {
    const lines = await problem({
      'evals.yaml':
        'cases:\n  - name: "{{q}}"\n    dataset: rows.jsonl\n    input: "{{q}}"\n    assert: [{ max-latency-ms: "{{ms}}" }]\n',
      'rows.jsonl': '{"q":"fine","ms":5000}\n{"q":"slow","ms":"soon"}\n',
    });
    expect(lines).toEqual([
      'evals.yaml:5: case "slow" (rows.jsonl:2): max-latency-ms: must be a number of milliseconds',
    ]);
  });
});

describe('a run of a dataset', () => {
  const running = useEmulatorEnv();

  it("names each row's case in the report, JUnit, the job summary and the web page", async () => {
    const env = running.env;
    const made = await runCli(['create', '--name', 'Data bot', '--description', 'd', '--llm-model', 'GPT_4', '-q'], {
      env,
    });
    expect(made.code, made.stderr).toBe(0);
    const dir = folder({
      'evals.yaml': `cases:
  - name: "capital of {{country}}"
    dataset: capitals.csv
    agent: Data bot
    input: "Is {{capital}} the capital of {{country}}?"
    assert:
      - icontains: "{{expect}}"
`,
      'capitals.csv': 'country,capital,expect\nFrance,Paris,paris\nGermany,Bonn,Berlin\n',
    });
    const out = (name: string) => join(dir, name);
    const result = await runCli(
      [
        'eval',
        '-f',
        out('evals.yaml'),
        '--json',
        '--junit',
        out('j.xml'),
        '--summary',
        out('s.md'),
        '--html',
        out('r.html'),
      ],
      { env },
    );
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as { cases: Array<{ name: string; passed: boolean }> };
    expect(report.cases.map((c) => [c.name, c.passed])).toEqual([
      ['capital of France', true],
      ['capital of Germany', false],
    ]);
    const junit = readFileSync(out('j.xml'), 'utf8');
    expect(junit).toContain('name="capital of France"');
    expect(junit).toMatch(/name="capital of Germany"[^>]*>\s*<failure/);
    expect(readFileSync(out('s.md'), 'utf8')).toContain('capital of Germany');
    expect(readFileSync(out('r.html'), 'utf8')).toContain('capital of Germany');
  });
});
