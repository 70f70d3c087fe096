// An eval file whose cases come from a 10,000-row CSV dataset (its budget: under 1 s to load,
// docs/performance.md): the whole command's time with it, less the time with a one-row dataset, median of several
// interleaved runs. `--filter` matches no case, so the run ends (exit 2) right after the file is
// read and checked, before any request. Prints one JSON object.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin } from './emulator.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ROWS = 10_000;
const work = mkdtempSync(join(tmpdir(), 'agents-bench-dataset-'));
const TEMPLATE = `cases:
  - name: "capital of {{country}}"
    dataset: DATA
    agent: Support bot
    input: "What is the capital of {{country}}?"
    assert:
      - icontains: "{{capital}}"
      - regex: "^[A-Z]"
      - max-latency-ms: 5000
`;
const csv = (rows) =>
  `country,capital\n${Array.from({ length: rows }, (_, i) => `"country ${i}, the one",capital ${i}`).join('\n')}\n`;
writeFileSync(join(work, 'big.csv'), csv(ROWS));
writeFileSync(join(work, 'one.csv'), csv(1));
writeFileSync(join(work, 'big.yaml'), TEMPLATE.replace('DATA', 'big.csv'));
writeFileSync(join(work, 'one.yaml'), TEMPLATE.replace('DATA', 'one.csv'));

const time = (file) => {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [bin, 'eval', '-f', join(work, file), '--filter', 'no case has this'], {
    env: { ...process.env, AGENTS_BASE_URL: 'http://127.0.0.1:9', AGENTS_TOKEN: 'bench-token-0123456789' },
    encoding: 'utf8',
  });
  if (run.status !== 2 || !run.stderr.includes('no case')) throw new Error(`eval ${file}: ${run.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const [big, one] = [[], []];
  for (let i = 0; i < RUNS; i++) {
    big.push(time('big.yaml'));
    one.push(time('one.yaml'));
  }
  console.log(
    JSON.stringify({ rows: ROWS, loadMs: Math.round(median(big) - median(one)), wholeMs: Math.round(median(big)) }),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
