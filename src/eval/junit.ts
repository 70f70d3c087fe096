// JUnit XML, as GitHub, GitLab and Jenkins read it: one testsuite per file, one testcase per case.
// It follows the strict Ant form (properties, system-out and system-err present, a timestamp without
// a zone, a hostname), which the laxer readers accept too.
import { hostname } from 'node:os';
import type { EvalReport, ReportCase } from './report.js';

export function junitXml(report: EvalReport): string {
  const known = new Map((report.baseline?.knownFailures ?? []).map((name) => [name, true]));
  const entries = [
    ...report.cases.map((reportCase) => ({
      index: reportCase.index,
      xml: testcase(reportCase, report.file, known.has(reportCase.name)),
    })),
    ...report.notRun.map((notRun) => ({
      index: notRun.index,
      xml: skipped(notRun.name, report.file, `not run: ${notRun.why}`),
    })),
  ].sort((a, b) => a.index - b.index);
  const count = (what: string) => entries.filter((entry) => entry.xml.outcome === what).length;
  const seconds = (report.summary.durationMs / 1000).toFixed(3);
  const totals = `tests="${entries.length}" failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}" time="${seconds}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="agents eval" ${totals}>`,
    `  <testsuite name=${attr(report.file)} package=${attr(report.file)} id="0" ${totals} timestamp=${attr(report.startedAt.slice(0, 19))} hostname=${attr(hostname() || 'localhost')}>`,
    '    <properties>',
    ...Object.entries(report.settings).map(
      ([name, value]) => `      <property name=${attr(name)} value=${attr(String(value))}/>`,
    ),
    '    </properties>',
    ...entries.map((entry) => entry.xml.text),
    '    <system-out/>',
    '    <system-err/>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

type Testcase = { outcome: 'passed' | 'failure' | 'error' | 'skipped'; text: string };

function testcase(reportCase: ReportCase, file: string, knownFailure: boolean): Testcase {
  const open = `    <testcase name=${attr(reportCase.name)} classname=${attr(file)} time="${(reportCase.durationMs / 1000).toFixed(3)}"`;
  const judged = judgeLines(reportCase);
  const out = judged ? `\n      <system-out>${text(judged)}</system-out>` : '';
  const failure = reportCase.failure;
  if (!failure) return { outcome: 'passed', text: out ? `${open}>${out}\n    </testcase>` : `${open}/>` };
  // A case the baseline failed too is not this change's doing: skipped, saying so.
  if (knownFailure) {
    const why = `known failure (it failed in the baseline too): ${failure.message}`;
    return { outcome: 'skipped', text: `${open}>\n      <skipped message=${attr(why)}/>${out}\n    </testcase>` };
  }
  const { element, type, message, details } = failure;
  return {
    outcome: element,
    text: `${open}>\n      <${element} message=${attr(message)} type=${attr(type)}>${text(details)}</${element}>${out}\n    </testcase>`,
  };
}

function skipped(name: string, file: string, why: string): Testcase {
  return {
    outcome: 'skipped',
    text: `    <testcase name=${attr(name)} classname=${attr(file)} time="0">\n      <skipped message=${attr(why)}/>\n    </testcase>`,
  };
}

/** What each judge said, with its reason: a reader of the CI report sees why, pass or fail. */
function judgeLines(reportCase: ReportCase): string {
  return reportCase.runs
    .flatMap((run) =>
      run.turns.flatMap((turn) =>
        turn.checks
          .filter((check) => check.kind === 'judge')
          .map((check) =>
            `run ${run.run}: judge ${judgeName(check.expected)}: ${check.passed ? 'PASS' : 'FAIL'} ${check.reason ?? check.message ?? ''}`.trim(),
          ),
      ),
    )
    .join('\n');
}

/** The judge a check names, whatever a report read back holds there. */
function judgeName(expected: unknown): string {
  const agent = (expected as { agent?: unknown } | null)?.agent;
  return typeof agent === 'string' ? agent : 'agent';
}

// XML 1.0 allows no other control characters, not even escaped; lone surrogates are not characters.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function text(value: string): string {
  return value.replace(NOT_XML, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return `"${text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;')}"`;
}
