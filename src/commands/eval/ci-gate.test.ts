// eval as a CI gate, against the emulator: a baseline that fails only regressions, shards
// that merge into what one run gives, compare, and an agent as judge.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shardOf } from '../../eval/shard.js';
import { useEmulatorEnv } from '../../../test/helpers/emulator-env.js';
import { runCli } from '../../../test/helpers/run-cli.js';

const running = useEmulatorEnv();
const agents = (...argv: string[]) => runCli(argv, { env: running.env, configDir: running.env.AGENTS_CONFIG_DIR });
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agents-ci-gate-'));
  for (const name of ['Gate bot', 'Judge bot'])
    expect((await agents('create', '-q', '--name', name, '--description', 'd', '--llm-model', 'GPT_4')).code).toBe(0);
});

/** An eval file of cases, each `[name, check]` where the check is one YAML flow map. */
function evalFile(name: string, cases: Array<[string, string]>): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `cases:\n${cases.map(([caseName, check]) => `  - {name: ${JSON.stringify(caseName)}, agent: Gate bot, input: hello, assert: [${check}]}\n`).join('')}`,
  );
  return path;
}
const PASSES = '{contains: hello}';
const FAILS = '{contains: nope}';
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
/** The testcases of a JUnit file, without their timings: what two equal runs share. */
const testcases = (path: string) =>
  [...readFileSync(path, 'utf8').matchAll(/<testcase [^>]*?(?:\/>|>[\s\S]*?<\/testcase>)/g)].map((m) =>
    m[0].replace(/ time="[^"]*"/, ''),
  );

describe('--baseline: the exit code follows regressions, not failures', () => {
  it('a case broken and a case fixed: exit 1 for the regression, the fix listed; JUnit marks a known failure skipped', async () => {
    const before = evalFile('before.yaml', [
      ['stays green', PASSES],
      ['gets broken', PASSES],
      ['gets fixed', FAILS],
      ['stays red', FAILS],
    ]);
    const baseline = join(dir, 'baseline.json');
    expect((await agents('eval', '-f', before, '--report', baseline)).code).toBe(1);
    expect(read(baseline)).toMatchObject({ format: 1, summary: { cases: 4, passed: 2, failed: 2 } });

    const after = evalFile('after.yaml', [
      ['stays green', PASSES],
      ['gets broken', FAILS],
      ['gets fixed', PASSES],
      ['stays red', FAILS],
      ['new and red', FAILS],
    ]);
    const junit = join(dir, 'after.xml');
    const result = await agents(
      'eval',
      '-f',
      after,
      '--baseline',
      baseline,
      '--junit',
      junit,
      '--report',
      join(dir, 'after.json'),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Against the baseline');
    expect(result.stdout).toMatch(
      /Regressions \(2\):\n {2}gets broken: passed in the baseline, fails now\n {2}new and red: a new case that fails/,
    );
    expect(result.stdout).toMatch(/Fixed \(now passes\) \(1\):\n {2}gets fixed/);
    expect(result.stdout).toMatch(/Still failing, as in the baseline \(1\):\n {2}stays red/);
    expect(read(join(dir, 'after.json')).baseline).toMatchObject({
      fixed: ['gets fixed'],
      knownFailures: ['stays red'],
    });
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(
      /<testcase name="stays red"[^>]*>\s*<skipped message="known failure \(it failed in the baseline too\): expected the answer to contain &quot;nope&quot;"\/>/,
    );
    expect(xml).toMatch(/<testcase name="gets broken"[^>]*>\s*<failure /);

    // eval report judges the same way: exit 1 for the regressions it reports, failures alone are 0.
    const view = (report: string, ...flags: string[]) =>
      agents('eval', 'report', report, '--summary', join(dir, 'view.md'), ...flags);
    expect((await view(baseline)).code).toBe(0); // 2 failed, nothing to regress against
    expect((await view(baseline, '--baseline', baseline)).code).toBe(0);
    writeFileSync(
      join(dir, 'after-unjudged.json'),
      JSON.stringify({ ...read(join(dir, 'after.json')), baseline: undefined }),
    );
    const judged = await view(join(dir, 'after-unjudged.json'), '--baseline', baseline);
    expect(judged.code).toBe(1);
    expect(readFileSync(join(dir, 'view.md'), 'utf8')).toContain('2 regressed');
    await agents('eval', '-f', evalFile('single.yaml', [['only', PASSES]]), '--report', join(dir, 'single.json'));
    const page = await agents('eval', 'report', join(dir, 'single.json'), '--html', join(dir, 'one.html'));
    expect(page.stderr).toContain(`Wrote ${join(dir, 'one.html')} (1 case): open it in a browser.`);
  });

  it('only known failures: exit 0; a pass rate that drops past --tolerance is a regression', async () => {
    const file = evalFile('known.yaml', [
      ['green', PASSES],
      ['red', FAILS],
    ]);
    const baseline = join(dir, 'known.json');
    await agents('eval', '-f', file, '--report', baseline);
    expect((await agents('eval', '-f', file, '--baseline', baseline)).code).toBe(0);
    // The same green case at a 50% pass rate (as --repeat 2 with one run failing would give): a drop of 0.5.
    const now = read(baseline);
    expect(now.cases[0]).toMatchObject({ name: 'green', passRate: 1 });
    now.cases[0].passRate = 0.5;
    writeFileSync(join(dir, 'now.json'), JSON.stringify(now));
    expect((await agents('eval', 'merge', join(dir, 'now.json'), '--baseline', baseline)).code).toBe(1);
    expect(
      (await agents('eval', 'merge', join(dir, 'now.json'), '--baseline', baseline, '--tolerance', '0.5')).code,
    ).toBe(0);
  });

  it('a first run has no baseline: exit 2 saying how to start one; --baseline-missing ok starts it, and the next run gates on it', async () => {
    const file = evalFile('first.yaml', [
      ['green', PASSES],
      ['red from the start', FAILS],
    ]);
    const baseline = join(dir, 'first-baseline.json');
    const refused = await agents('eval', '-f', file, '--baseline', baseline);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`cannot read --baseline ${baseline}: no such file`);
    expect(refused.stderr).toContain('--baseline-missing ok');

    const first = await agents(
      'eval',
      '-f',
      file,
      '--baseline',
      baseline,
      '--baseline-missing',
      'ok',
      '--report',
      baseline,
    );
    expect(first.code, first.stderr).toBe(0); // the failure it starts with is a known one, not a regression
    expect(first.stderr).toContain('does not exist yet: this run starts it');
    expect(read(baseline).baseline).toMatchObject({ regressions: [], knownFailures: ['red from the start'] });

    // The next run has a baseline: a case that breaks is a regression.
    const broken = evalFile('first.yaml', [
      ['green', FAILS],
      ['red from the start', FAILS],
    ]);
    const second = await agents('eval', '-f', broken, '--baseline', baseline, '--baseline-missing', 'ok');
    expect(second.code).toBe(1);
    expect(second.stdout).toContain('green');

    // merge reads the flag the same way.
    const shard = join(dir, 'first-shard.json');
    await agents('eval', '-f', file, '--report', shard);
    expect((await agents('eval', 'merge', shard, '--baseline', join(dir, 'none.json'))).code).toBe(2);
    expect(
      (await agents('eval', 'merge', shard, '--baseline', join(dir, 'none.json'), '--baseline-missing', 'ok')).code,
    ).toBe(0);
    expect((await agents('eval', '-f', file, '--baseline-missing', 'maybe')).stderr).toContain(
      '--baseline-missing must be one of fail, ok',
    );
  });
});

describe('--shard and merge', () => {
  const names = Array.from({ length: 9 }, (_v, i) => `case ${i + 1}`);
  const cases = names.map((name, i): [string, string] => [name, i % 4 === 0 ? FAILS : PASSES]);

  it('shards 1/3, 2/3, 3/3 merged give the verdicts, counts, exit code and JUnit testcases of one run', async () => {
    const file = evalFile('many.yaml', cases);
    const whole = await agents(
      'eval',
      '-f',
      file,
      '--report',
      join(dir, 'whole.json'),
      '--junit',
      join(dir, 'whole.xml'),
    );
    const shards = [];
    for (const i of [1, 2, 3]) {
      const shard = await agents('eval', '-f', file, '--shard', `${i}/3`, '--report', join(dir, `shard${i}.json`));
      shards.push(read(join(dir, `shard${i}.json`)));
      expect([0, 1]).toContain(shard.code);
    }
    // Disjoint, and together every case.
    const shardNames = shards.flatMap((report) => report.cases.map((c: { name: string }) => c.name));
    expect([...shardNames].sort()).toEqual([...names].sort());
    const merged = await agents(
      'eval',
      'merge',
      ...[1, 2, 3].map((i) => join(dir, `shard${i}.json`)),
      '--report',
      join(dir, 'merged.json'),
      '--junit',
      join(dir, 'merged.xml'),
    );
    expect(merged.code).toBe(whole.code);
    expect(merged.code).toBe(1);
    const [a, b] = [read(join(dir, 'whole.json')), read(join(dir, 'merged.json'))];
    const verdicts = (report: { cases: Array<{ name: string; passed: boolean }> }) =>
      report.cases.map((c) => [c.name, c.passed]);
    expect(verdicts(b)).toEqual(verdicts(a));
    expect({ ...b.summary, durationMs: 0 }).toEqual({ ...a.summary, durationMs: 0 });
    expect(b.fileHash).toBe(a.fileHash);
    expect(testcases(join(dir, 'merged.xml'))).toEqual(testcases(join(dir, 'whole.xml')));
    expect(merged.stdout).toContain('6 passed, 3 failed of 9 cases');
  });

  it('refuses reports of another eval file, a shard twice, a shard missing (exit 2)', async () => {
    const other = evalFile('other.yaml', [['case 1', PASSES]]);
    await agents('eval', '-f', other, '--shard', '1/3', '--report', join(dir, 'other1.json'));
    const foreign = await agents(
      'eval',
      'merge',
      join(dir, 'shard2.json'),
      join(dir, 'shard3.json'),
      join(dir, 'other1.json'),
    );
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain('is not a shard of the same run');
    expect(foreign.stderr).toContain('the eval file (its hash) differs');
    const twice = await agents(
      'eval',
      'merge',
      join(dir, 'shard1.json'),
      join(dir, 'shard1.json'),
      join(dir, 'shard3.json'),
    );
    expect(twice).toMatchObject({ code: 2 });
    expect(twice.stderr).toContain('shard 1/3 is given twice');
    const missing = await agents('eval', 'merge', join(dir, 'shard1.json'), join(dir, 'shard3.json'));
    expect(missing.stderr).toContain('shard 2/3 missing');
    const notAReport = join(dir, 'not.json');
    writeFileSync(notAReport, '{"cases": []}');
    expect((await agents('eval', 'merge', notAReport)).stderr).toContain('is not an eval report of format 1');
  });

  it('a case keeps its shard when cases are added', () => {
    const more = [...names, 'added later', 'and another', 'one more'];
    // The shard of a name depends on the name alone: adding cases moves none of the others.
    const before = new Map(names.map((name) => [name, shardOf(name, 3)]));
    const after = new Map(more.map((name) => [name, shardOf(name, 3)]));
    for (const name of names) expect(after.get(name)).toBe(before.get(name));
    // And the split is real: three shards, each with some of 12 names.
    expect(new Set(more.map((name) => shardOf(name, 3)))).toEqual(new Set([1, 2, 3]));
  });

  it('a case added to the file runs in the shard it always had (through the command)', async () => {
    const file = evalFile('grow.yaml', cases);
    const grown = evalFile('grown.yaml', [...cases, ['added later', PASSES]]);
    for (const i of [1, 2, 3]) {
      await agents('eval', '-f', file, '--shard', `${i}/3`, '--report', join(dir, `g${i}.json`));
      await agents('eval', '-f', grown, '--shard', `${i}/3`, '--report', join(dir, `h${i}.json`));
      const before = read(join(dir, `g${i}.json`)).cases.map((c: { name: string }) => c.name);
      const after = read(join(dir, `h${i}.json`)).cases.map((c: { name: string }) => c.name);
      expect(after.filter((name: string) => name !== 'added later')).toEqual(before);
    }
  });
});

describe('compare', () => {
  it('shows the cases whose verdict changed, before and after, with the change in timings; --all every case; exit 0', async () => {
    const before = evalFile('cmp-before.yaml', [
      ['steady', PASSES],
      ['flips', PASSES],
    ]);
    const after = evalFile('cmp-after.yaml', [
      ['steady', PASSES],
      ['flips', FAILS],
      ['brand new', PASSES],
    ]);
    await agents('eval', '-f', before, '--report', join(dir, 'cmp-a.json'));
    await agents('eval', '-f', after, '--report', join(dir, 'cmp-b.json'));
    const changed = await agents('eval', 'compare', join(dir, 'cmp-a.json'), join(dir, 'cmp-b.json'));
    expect(changed.code).toBe(0);
    expect(changed.stderr).toContain(`ran ${before} and ${join(dir, 'cmp-b.json')} ran ${after}: different eval files`);
    const lines = changed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^CASE +BEFORE +AFTER +FIRST TOKEN +TOTAL$/);
    expect(lines.slice(1).map((line) => line.split(/ {2,}/).slice(0, 3))).toEqual([
      ['flips', 'PASS 100%', 'FAIL 0%'],
      ['brand new', '-', 'PASS 100%'],
    ]);
    expect(lines[1]).toMatch(/[+-]?\d+ ms +[+-]?\d+ ms$/);
    const all = await agents('eval', 'compare', join(dir, 'cmp-a.json'), join(dir, 'cmp-b.json'), '--all', '--json');
    expect(JSON.parse(all.stdout).cases.map((c: { name: string; changed: boolean }) => [c.name, c.changed])).toEqual([
      ['steady', false],
      ['flips', true],
      ['brand new', true],
    ]);
  });

  it('two runs of one eval file compare without a warning', async () => {
    const file = evalFile('cmp-same.yaml', [['steady', PASSES]]);
    await agents('eval', '-f', file, '--report', join(dir, 'same-a.json'));
    await agents('eval', '-f', file, '--report', join(dir, 'same-b.json'));
    const same = await agents('eval', 'compare', join(dir, 'same-a.json'), join(dir, 'same-b.json'));
    expect(same.code).toBe(0);
    expect(same.stderr).not.toContain('different eval files');
  });
});

describe('judge: another agent answers PASS or FAIL', () => {
  it('PASS passes with its reason in the report and JUnit; FAIL fails saying why; anything else is unclear', async () => {
    const path = join(dir, 'judged.yaml');
    const judged = (rubric: string) => `[{judge: {agent: Judge bot, rubric: "${rubric}"}}]`;
    writeFileSync(
      path,
      [
        'cases:',
        `  - {name: judged pass, agent: Gate bot, input: hello, assert: ${judged('greets back [[reply:PASS it greets warmly]]')}}`,
        `  - {name: judged fail, agent: Gate bot, input: hello, assert: ${judged('cites a source [[reply:fail: no source is cited]]')}}`,
        `  - {name: judged unclear, agent: Gate bot, input: hello, assert: ${judged('is brief [[reply:Maybe, hard to say]]')}}`,
        '',
      ].join('\n'),
    );
    const junit = join(dir, 'judged.xml');
    const result = await agents('eval', '-f', path, '--report', join(dir, 'judged.json'), '--junit', junit);
    expect(result.code).toBe(1);
    const report = read(join(dir, 'judged.json'));
    const check = (name: string) =>
      report.cases.find((c: { name: string }) => c.name === name).runs[0].turns[0].checks[0];
    expect(check('judged pass')).toMatchObject({
      kind: 'judge',
      passed: true,
      reason: 'it greets warmly',
      message: null,
    });
    expect(check('judged fail')).toMatchObject({
      passed: false,
      reason: 'no source is cited',
      message: 'the judge "Judge bot" said FAIL: no source is cited',
    });
    expect(check('judged unclear')).toMatchObject({
      passed: false,
      message: expect.stringContaining('the judge "Judge bot" was unclear'),
    });
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(
      /<testcase name="judged pass"[^>]*>\s*<system-out>run 1: judge Judge bot: PASS it greets warmly<\/system-out>/,
    );
    expect(xml).toMatch(
      /<testcase name="judged fail"[\s\S]*?<failure message="the judge &quot;Judge bot&quot; said FAIL: no source is cited" type="judge">/,
    );
  });

  it('a judge that names no agent the service has stops before any case runs (exit 5)', async () => {
    const path = join(dir, 'no-judge.yaml');
    writeFileSync(
      path,
      'cases:\n  - {name: x, agent: Gate bot, input: hello, assert: [{judge: {agent: Nobody here, rubric: r}}]}\n',
    );
    const result = await agents('eval', '-f', path);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('agent "Nobody here" not found');
  });
});
