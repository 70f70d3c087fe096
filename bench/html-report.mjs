/* global document */
// The eval report's web page with 1,000 cases (its budget: README, Performance): the time headless
// Chromium takes to open it (navigation start to the load event's end) and to apply a filter (the
// text typed, the rows hidden and laid out again), median of several opens. The report is a real
// run against the emulator, its cases repeated to 1,000. Prints one JSON object; needs chromium
// (AGENTS_CHROMIUM, else /usr/bin/chromium) and prints {"skipped": why} without it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, startBenchEmulator } from './emulator.mjs';

const OPENS = Number(process.env.BENCH_RUNS ?? 7);
const CASES = 1000;
const browserPath = [process.env.AGENTS_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path) => path && existsSync(path),
);
if (!browserPath) {
  console.log(JSON.stringify({ skipped: 'no chromium' }));
  process.exit(0);
}
const { chromium } = await import('playwright-core');

const work = mkdtempSync(join(tmpdir(), 'agents-bench-html-'));
const emulator = await startBenchEmulator(work);
try {
  const env = { ...emulator.env, AGENTS_KEY_OPENAI: 'sk-bench' };
  const agents = (...args) => spawnSync(process.execPath, [bin, ...args], { env, cwd: work, encoding: 'utf8' });
  agents('init', '.');
  agents('apply', '-f', 'stack.yaml');
  agents('eval', '-f', 'evals.yaml', '--report', 'run.json');
  const run = JSON.parse(readFileSync(join(work, 'run.json'), 'utf8'));
  const cases = Array.from({ length: CASES }, (_, i) => ({
    ...run.cases[i % run.cases.length],
    name: `case ${i + 1}`,
    index: i,
  }));
  const failed = cases.filter((c) => !c.passed).length;
  const summary = { ...run.summary, cases: CASES, passed: CASES - failed, failed };
  writeFileSync(join(work, 'big.json'), JSON.stringify({ ...run, cases, summary }));
  const written = agents('eval', 'report', 'big.json', '--html', 'big.html');
  if (written.status !== 0) throw new Error(`eval report failed: ${written.stderr}`);

  const browser = await chromium.launch({ executablePath: browserPath, args: ['--disable-gpu'] });
  const opens = [];
  const filters = [];
  try {
    for (let i = 0; i < OPENS; i++) {
      const page = await browser.newPage();
      await page.goto(`file://${join(work, 'big.html')}`, { waitUntil: 'load' });
      opens.push(await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd));
      filters.push(
        await page.evaluate(() => {
          const started = performance.now();
          const text = document.getElementById('filter-text');
          text.value = 'case 99';
          text.dispatchEvent(new Event('input'));
          const status = document.getElementById('filter-status');
          status.value = 'failed';
          status.dispatchEvent(new Event('change'));
          void document.body.offsetHeight; // the layout of what is shown now
          return performance.now() - started;
        }),
      );
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  console.log(
    JSON.stringify({
      cases: CASES,
      pageKiB: Math.round(statSync(join(work, 'big.html')).size / 1024),
      openMs: median(opens),
      filterMs: median(filters),
      budgetMs: 1000,
    }),
  );
} finally {
  emulator.stop();
  rmSync(work, { recursive: true, force: true });
}
