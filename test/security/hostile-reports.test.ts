// A report that `eval merge` reads may come from anywhere a CI job keeps files. Its
// text goes into the JUnit XML escaped, whatever the field; a field of the wrong type is a bad file
// (exit 2, naming the file and the field), never a crash.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { oneFailedCaseReport } from '../helpers/eval-report.js';
import { runCli } from '../helpers/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'agents-hostile-report-'));
const INJECTED = '"/><injected/><x a="';
const CLOSER = ']]></system-out><injected/>&lt;';

/** A report of one failed case whose judge said FAIL, its texts hostile. */
const report = () =>
  oneFailedCaseReport({
    file: `evals${INJECTED}.yaml`,
    name: `greets${INJECTED}`,
    type: `judge${INJECTED}`,
    message: `said FAIL${CLOSER}`,
    details: CLOSER,
    judge: `judge${CLOSER}`,
    reason: CLOSER,
  });

function written(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

/** What xmllint finds wrong with the document's form (not its schema: judge lines sit in a testcase's system-out). */
async function formProblems(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: xml }], normalization: 'format' });
  return result.errors.map((error) => error.rawMessage);
}

const elementNames = (xml: string) => [...new Set([...xml.matchAll(/<([a-z-]+)[\s/>]/g)].map((m) => m[1]))].sort();

describe('eval merge --junit with a hostile report', () => {
  it('every text of the report is escaped: a well-formed file with no element it did not have', async () => {
    const hostile = report();
    // Keys a reader does not know are dropped, not written out as properties.
    Object.assign(hostile.settings, { [INJECTED]: INJECTED });
    const junit = join(dir, 'hostile.xml');
    const result = await runCli(['eval', 'merge', written('hostile.json', hostile), '--junit', junit]);
    expect(result.stderr).not.toContain('unexpected');
    expect(result.code).toBe(1);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).not.toContain('<injected');
    expect(xml).not.toContain('<x ');
    expect(xml).toContain('greets&quot;/&gt;&lt;injected/&gt;');
    expect(await formProblems(xml)).toEqual([]);
    expect(elementNames(xml)).toEqual(
      ['failure', 'properties', 'property', 'system-err', 'system-out', 'testcase', 'testsuite', 'testsuites'].sort(),
    );
  });

  type Report = ReturnType<typeof report>;
  const set = (target: object, key: string, value: unknown) => Object.assign(target, { [key]: value });
  it.each<[string, (r: Report) => void]>([
    ['cases.0.failure.details', (r) => set(r.cases[0]!.failure, 'details', 42)],
    ['cases.0.failure.element', (r) => set(r.cases[0]!.failure, 'element', 'script')],
    ['settings.repeat', (r) => set(r.settings, 'repeat', '1"><x/>')],
    ['cases.0.runs.0.turns.0.checks.0.passed', (r) => set(r.cases[0]!.runs[0]!.turns[0]!.checks[0]!, 'passed', 'no')],
    ['cases.0.name', (r) => set(r.cases[0]!, 'name', { toString: 'x' })],
  ])('a field of the wrong type (%s) is a bad file: exit 2 naming the file and the field', async (field, spoil) => {
    const bad = report();
    spoil(bad);
    const path = written(`bad-${field}.json`, bad);
    const result = await runCli(['eval', 'merge', path, '--junit', join(dir, 'bad.xml')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${path} is not a whole eval report: ${field}:`);
  });
});
