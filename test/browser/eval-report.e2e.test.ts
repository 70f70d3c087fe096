// The eval report's web page (--html) in headless Chromium, written by the built binary against
// the emulator: its rows are the report's, its filters and sorting work, hostile answers and names
// run nothing and fetch nothing, and a report of 1,000 cases opens whole. It also makes the
// screenshot in docs/ (AGENTS_WRITE_DOCS=1 writes it there). What it tests is Chromium's reading of
// the page, not the Node that wrote it: it runs in .ci/run's pass on the current LTS only
// (helpers/lts-pass.ts, docs/testing.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalReport } from '../../src/eval/report.js';
import { runBinary } from '../helpers/binary.js';
import { chromiumPath, launchChromium, openWatched, overflowOf } from '../helpers/browser.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { starterFolder } from '../helpers/starter.js';
import { limit } from '../helpers/limits.js';
import { IN_LTS_PASS } from '../helpers/lts-pass.js';

const chromium = IN_LTS_PASS ? chromiumPath() : undefined;
const running = useEmulatorEnv();
const SCREENSHOT = fileURLToPath(new URL('../../docs/eval-report.png', import.meta.url));
let browser: Browser;
let dir: string;
const agents = async (...argv: string[]) => {
  const result = await runBinary(argv, { env: { ...running.env, AGENTS_KEY_OPENAI: 'sk-test-openai-key' }, cwd: dir });
  expect(result.stderr).not.toMatch(/unexpected failure|TypeError/);
  return result;
};
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as EvalReport;

/** The names of the case rows a person sees, top to bottom. */
const visibleNames = (page: Page) =>
  page.$$eval('#cases tbody:not([hidden]) tr.case td.name', (cells) => cells.map((cell) => cell.textContent));

describe.runIf(chromium)('the eval report in a browser', () => {
  beforeAll(async () => {
    // In the starter folder, as a user runs it: the page names evals.yaml, not a temporary path.
    dir = starterFolder().dir;
    browser = await launchChromium(chromium!);
    expect((await agents('apply', '-f', 'stack.yaml')).code).toBe(0);
    // A baseline, then a run where the travel agent lost its tool: one case regresses.
    expect((await agents('eval', '-f', 'evals.yaml', '--report', 'main.json')).code).toBe(1);
    expect((await agents('remove-tool', 'Travel bot', 'forecast')).code).toBe(0);
    const regressed = await agents(
      'eval',
      '-f',
      'evals.yaml',
      '--baseline',
      'main.json',
      '--report',
      'pr.json',
      '--html',
      'pr.html',
    );
    expect(regressed.code).toBe(1);
    expect((await agents('add-tool', 'Travel bot', 'forecast')).code).toBe(0);
  }, limit(60_000));
  afterAll(() => browser?.close());

  it('shows every case of the report, in the file order, with its totals, and opens a case to its input, answer and checks', async () => {
    const report = read(join(dir, 'pr.json'));
    const { page, watch } = await openWatched(browser, join(dir, 'pr.html'));
    const inFileOrder = [...report.cases].sort((a, b) => a.index - b.index);
    expect(await visibleNames(page)).toEqual(inFileOrder.map((c) => c.name));
    const rows = await page.$$eval('#cases tr.case', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(1, 4).map((td) => td.textContent!.trim())),
    );
    expect(rows.map(([result, name, agent]) => [result!.slice(0, 4), name, agent])).toEqual(
      inFileOrder.map((c) => [c.passed ? 'PASS' : 'FAIL', c.name, c.agent]),
    );
    expect(await page.textContent('#totals')).toContain(`Regressed${report.baseline!.regressions.length}`);
    expect(await page.textContent('#shown')).toBe(`All ${report.cases.length} cases`);

    const tool = inFileOrder.findIndex((c) => c.name === 'calls the forecast tool');
    const body = page.locator('#cases tbody').nth(tool);
    expect(await body.locator('tr.detail').isHidden()).toBe(true);
    await body.locator('button.toggle').click();
    const detail = await body.locator('tr.detail').textContent();
    const turn = report.cases.find((c) => c.name === 'calls the forecast tool')!.runs[0]!.turns[0]!;
    expect(detail).toContain(turn.input);
    expect(detail).toContain(turn.output as string);
    expect(detail).toContain('✗ tool-called');
    expect(detail).toContain('Regressed: passed in the baseline, fails now');
    expect(watch).toEqual({ dialogs: [], requests: [], errors: [] });

    await page.screenshot({
      path: process.env.AGENTS_WRITE_DOCS ? SCREENSHOT : join(dir, 'report.png'),
      fullPage: true,
    });
    await page.context().close();
  });

  it('filters by verdict, regression, agent and text, and sorts by time to first token and total time', async () => {
    const report = read(join(dir, 'pr.json'));
    const names = (keep: (c: EvalReport['cases'][number]) => boolean) =>
      [...report.cases]
        .sort((a, b) => a.index - b.index)
        .filter(keep)
        .map((c) => c.name);
    const { page, watch } = await openWatched(browser, join(dir, 'pr.html'));

    await page.selectOption('#filter-status', 'failed');
    expect(await visibleNames(page)).toEqual(names((c) => !c.passed));
    expect(await page.textContent('#shown')).toBe(`${names((c) => !c.passed).length} of ${report.cases.length} cases`);
    await page.selectOption('#filter-status', 'regressed');
    expect(await visibleNames(page)).toEqual(report.baseline!.regressions.map((r) => r.name));
    await page.selectOption('#filter-status', 'passed');
    expect(await visibleNames(page)).toEqual(names((c) => c.passed));

    await page.selectOption('#filter-status', 'all');
    await page.selectOption('#filter-agent', 'Travel bot');
    expect(await visibleNames(page)).toEqual(names((c) => c.agent === 'Travel bot'));
    await page.selectOption('#filter-agent', '');
    await page.fill('#filter-text', 'RAIN');
    const mentions = (c: EvalReport['cases'][number]) =>
      JSON.stringify([c.name, c.runs.map((r) => r.turns.map((t) => [t.input, t.output]))])
        .toLowerCase()
        .includes('rain');
    expect(await visibleNames(page)).toEqual(names(mentions));
    await page.fill('#filter-text', '');

    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = sorted.length >> 1;
      return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
    };
    const total = (c: EvalReport['cases'][number]) => median(c.runs.map((r) => r.timing.totalMs));
    const ttft = (c: EvalReport['cases'][number]) => median(c.runs.map((r) => r.timing.ttftMs ?? Infinity));
    const ordered = (figure: (c: EvalReport['cases'][number]) => number, direction: 1 | -1) =>
      [...report.cases].sort((a, b) => a.index - b.index).sort((a, b) => (figure(a) - figure(b)) * direction);
    const figures = async (key: 'total' | 'ttft') =>
      page.$$eval(
        `#cases tbody:not([hidden])`,
        (bodies, k) => bodies.map((b) => Number((b as unknown as { dataset: Record<string, string> }).dataset[k])),
        key,
      );

    await page.click('th[data-sort=total] button');
    expect(await figures('total')).toEqual(ordered(total, 1).map(total));
    expect(await page.getAttribute('th[data-sort=total]', 'aria-sort')).toBe('ascending');
    await page.click('th[data-sort=total] button');
    expect(await figures('total')).toEqual(ordered(total, -1).map(total));
    await page.click('th[data-sort=ttft] button');
    expect(await figures('ttft')).toEqual(ordered(ttft, 1).map(ttft));
    expect(await page.getAttribute('th[data-sort=total]', 'aria-sort')).toBeNull();
    await page.click('th[data-sort=order] button');
    expect(await visibleNames(page)).toEqual(names(() => true));
    expect(watch).toEqual({ dialogs: [], requests: [], errors: [] });
    await page.context().close();
  });

  it('shows hostile answers, names and agents as text: no dialog, no new element, nothing fetched', async () => {
    const hostile = [
      '<img src=x onerror=alert(1)>',
      '</script><script>alert(2)</script>',
      '<svg onload=alert(3)><a href="javascript:alert(4)">x</a>',
      '<iframe src="https://evil.example/"></iframe><link rel=stylesheet href="https://evil.example/s.css">',
      '"><style>body{background:url(https://evil.example/bg)}</style>',
      '\u202etxt.exe <meta http-equiv="refresh" content="0;url=https://evil.example">',
    ];
    const file = join(dir, 'hostile.yaml');
    writeFileSync(
      file,
      `cases:\n${hostile
        .map(
          (text, i) =>
            `  - {name: ${JSON.stringify(`${text} #${i}`)}, agent: Support bot, input: ${JSON.stringify(text)}, assert: [{contains: ${JSON.stringify(i % 2 ? 'nope' : 'said')}}]}`,
        )
        .join('\n')}\n`,
    );
    expect((await agents('eval', '-f', file, '--report', 'hostile.json', '--html', 'hostile.html')).code).toBe(1);
    const { page, watch } = await openWatched(browser, join(dir, 'hostile.html'));
    for (const toggle of await page.locator('button.toggle').all()) await toggle.click();
    await page.fill('#filter-text', 'alert');
    await page.waitForTimeout(300); // an onerror or onload would have fired by now
    expect(watch).toEqual({ dialogs: [], requests: [], errors: [] });
    const count = (selector: string) => page.locator(selector).count();
    expect(await count('img, iframe, link, #cases svg, #cases a, #cases style, [onerror], [onload]')).toBe(0);
    expect(await count('script')).toBe(1);
    expect(await count('meta[http-equiv=refresh]')).toBe(0);
    expect(await visibleNames(page)).toEqual(
      hostile.map((text, i) => `${text.replace('\u202e', '<U+202E>')} #${i}`).filter((name) => name.includes('alert')),
    );
    const answers = await page.$$eval('#cases tr.detail pre', (pres) => pres.map((pre) => pre.textContent).join('\n'));
    for (const text of hostile.slice(0, 5)) expect(answers).toContain(text);
    expect(page.url()).toBe(`file://${join(dir, 'hostile.html')}`);
    await page.context().close();
  });

  it('keeps a long unbroken case name and a narrow window on the page, at 1000 and 420 px', async () => {
    const report = read(join(dir, 'pr.json'));
    const long = `summarises-${'x'.repeat(240)}-in-one-word`;
    const cases = report.cases.map((c, i) => (i === 0 ? { ...c, name: long, agent: `agent-${'y'.repeat(80)}` } : c));
    writeFileSync(join(dir, 'long.json'), JSON.stringify({ ...report, cases, baseline: undefined }));
    expect((await agents('eval', 'report', 'long.json', '--html', 'long.html')).code).toBe(0);
    for (const width of [1000, 420]) {
      const { page, watch } = await openWatched(browser, join(dir, 'long.html'), { width, height: 800 });
      for (const toggle of await page.locator('button.toggle').all()) await toggle.click();
      // Nothing drawn past the window's right edge, and no cell's text spills out of its cell.
      const overflow = await overflowOf(page);
      expect(overflow, `at ${width} px`).toEqual({ page: 0, past: [], spilled: [] });
      expect(await visibleNames(page)).toContain(long);
      // The controls still answer at this width.
      await page.fill('#filter-text', 'in-one-word');
      expect(await visibleNames(page)).toEqual([long]);
      expect(watch).toEqual({ dialogs: [], requests: [], errors: [] });
      await page.screenshot({ path: join(dir, `long-${width}.png`), fullPage: true });
      await page.context().close();
    }
  });

  it('says that no case ran instead of an empty chart and "All 0 cases"', async () => {
    const report = read(join(dir, 'pr.json'));
    const stopped = 'the service did not answer';
    const none = {
      ...report,
      cases: [],
      baseline: undefined,
      notRun: report.cases.map((c) => ({ name: c.name, index: c.index, where: c.where, why: stopped })),
      error: { kind: 'network', message: stopped, exitCode: 3 },
      summary: { ...report.summary, cases: report.cases.length, passed: 0, failed: 0, unfinished: report.cases.length },
    };
    writeFileSync(join(dir, 'none.json'), JSON.stringify(none));
    expect((await agents('eval', 'report', 'none.json', '--html', 'none.html')).code).toBe(0);
    const { page, watch } = await openWatched(browser, join(dir, 'none.html'), { width: 420, height: 800 });
    expect(await page.textContent('#no-cases')).toBe('No case ran.');
    expect(await page.locator('svg, #cases, #shown').count()).toBe(0);
    expect(await page.locator('#not-run tbody tr').count()).toBe(report.cases.length);
    expect(await overflowOf(page)).toEqual({ page: 0, past: [], spilled: [] });
    expect(watch).toEqual({ dialogs: [], requests: [], errors: [] });
    await page.context().close();
  });

  it('opens a report of 1,000 cases whole, and a filter answers', async () => {
    const report = read(join(dir, 'pr.json'));
    const cases = Array.from({ length: 1000 }, (_, i) => ({
      ...report.cases[i % report.cases.length]!,
      name: `case ${i + 1}`,
      index: i,
    }));
    const failed = cases.filter((c) => !c.passed).length;
    const big = {
      ...report,
      cases,
      baseline: undefined,
      summary: { ...report.summary, cases: 1000, passed: 1000 - failed, failed },
    };
    writeFileSync(join(dir, 'big.json'), JSON.stringify(big));
    expect((await agents('eval', 'report', 'big.json', '--html', 'big.html')).code).toBe(0);
    const { page, watch } = await openWatched(browser, join(dir, 'big.html'));
    expect(await page.locator('#cases tbody').count()).toBe(1000);
    expect(await page.textContent('#shown')).toBe('All 1000 cases');
    await page.selectOption('#filter-status', 'failed');
    expect(await page.textContent('#shown')).toBe(`${failed} of 1000 cases`);
    await page.fill('#filter-text', 'case 99');
    expect(await visibleNames(page)).toEqual(
      cases.filter((c) => !c.passed && /case 99/.test(c.name)).map((c) => c.name),
    );
    expect(watch).toEqual({ dialogs: [], requests: [], errors: [] });
    await page.context().close();
  });
});
