// JUnit XML, as GitHub, GitLab and Jenkins read it: one testsuite per file, one testcase per case.
// It follows the strict Ant form (properties, system-out and system-err present, a timestamp without
// a zone, a hostname), which the laxer readers accept too.
import { hostname } from 'node:os';
import { PLAIN_THEME } from '../ui/color-support.js';
import { failureDetails } from './report-text.js';
import type { CaseResult, EvalOutcome } from './runner.js';
import type { EvalCase } from './spec.js';
import type { EvalSettings } from './report-json.js';

export function junitXml(settings: EvalSettings, cases: readonly EvalCase[], outcome: EvalOutcome, startedAt: Date): string {
  const byCase = new Map(outcome.finished.map((result) => [result.evalCase, result]));
  const testcases = cases.map((evalCase) => testcase(evalCase, byCase.get(evalCase), settings, outcome));
  const count = (what: string) => testcases.filter((t) => t.outcome === what).length;
  const seconds = (outcome.durationMs / 1000).toFixed(3);
  const totals = `tests="${cases.length}" failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}" time="${seconds}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="agents eval" ${totals}>`,
    `  <testsuite name=${attr(settings.file)} package=${attr(settings.file)} id="0" ${totals} timestamp="${startedAt.toISOString().slice(0, 19)}" hostname=${attr(hostname() || 'localhost')}>`,
    '    <properties>',
    ...Object.entries({ repeat: settings.repeat, threshold: settings.threshold, concurrency: settings.concurrency }).map(
      ([name, value]) => `      <property name="${name}" value="${value}"/>`,
    ),
    '    </properties>',
    ...testcases.map((t) => t.xml),
    '    <system-out/>',
    '    <system-err/>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function testcase(evalCase: EvalCase, result: CaseResult | undefined, settings: EvalSettings, outcome: EvalOutcome) {
  const open = `    <testcase name=${attr(evalCase.name)} classname=${attr(settings.file)}`;
  if (!result) {
    const why = outcome.stopped ? `not run: ${outcome.stopped.message}` : 'not run';
    return { outcome: 'skipped', xml: `${open} time="0">\n      <skipped message=${attr(why)}/>\n    </testcase>` };
  }
  const time = `time="${(result.runs.reduce((sum, run) => sum + run.durationMs, 0) / 1000).toFixed(3)}"`;
  if (result.passed) return { outcome: 'passed', xml: `${open} ${time}/>` };
  const details = failureDetails(result, settings.repeat, settings.threshold, PLAIN_THEME).slice(1).join('\n');
  const failedRun = result.runs.find((run) => !run.passed)!;
  const verdicts = failedRun.turns.flatMap((turn) => turn.verdicts.filter((v) => !v.passed).map((v) => ({ v, error: turn.answer.error })));
  const first = verdicts[0];
  // The agent failing to answer is an error; an answer that fails a check is a failure.
  const errored = verdicts.find(({ v }) => v.kind === 'no-error');
  const element = errored ? 'error' : 'failure';
  const type = errored ? (errored.error?.kind ?? 'error') : (first?.v.kind ?? 'failure');
  const message = (errored ?? first)?.v.message ?? 'failed';
  return {
    outcome: element,
    xml: `${open} ${time}>\n      <${element} message=${attr(message)} type=${attr(type)}>${text(details)}</${element}>\n    </testcase>`,
  };
}

// XML 1.0 allows no other control characters, not even escaped; lone surrogates are not characters.
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function text(value: string): string {
  return value.replace(NOT_XML, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return `"${text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;')}"`;
}
