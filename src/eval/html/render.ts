// One eval report as one self-contained HTML file: the totals, a chart of times per agent, and a
// table of every case that filters and sorts, each case opening to its input, answer and checks.
// Nothing is fetched: styles and script are inline, allowed by their hashes in a
// Content-Security-Policy that forbids everything else, and every text from the report (the eval
// file's, the service's) is escaped, so an answer holding markup shows as text and runs nothing.
// The build makes this file dist/vendor/eval-html.cjs: only `--html` loads it.
import { createHash } from 'node:crypto';
import { duration } from '../../invoke/timing.js';
import { caseTimes, median } from '../case-times.js';
import type { EvalReport, ReportCase } from '../report.js';
import { timesChart, type AgentTimes } from './chart.js';
import { cut, html, htmlLines } from './escape.js';
import { SCRIPT } from './script.js';
import { STYLE } from './style.js';

/** How much of an answer or input the page holds; the report file has all of it. */
const TEXT_CAP = 20_000;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export function renderReportHtml(report: EvalReport): string {
  const policy = [
    "default-src 'none'",
    `script-src ${hash(SCRIPT)}`,
    `style-src ${hash(STYLE)}`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Eval report: ${html(report.file)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Eval report: ${html(report.file)}</h1>
<p class="meta">Started ${html(report.startedAt)} · agents ${html(report.cliVersion)}${report.shard ? ` · shard ${report.shard.index}/${report.shard.count}` : ''}${report.filter === null ? '' : ` · filter ${html(report.filter)}`} · repeat ${report.settings.repeat}, threshold ${report.settings.threshold}</p>
${totals(report)}
${report.error ? `<p class="fail">The run stopped: ${html(report.error.message)}</p>` : ''}
${report.cases.length ? casesSection(report) : '<p class="muted" id="no-cases">No case ran.</p>'}
${notRun(report)}
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** The chart and the table of cases, written only when a case ran (else the page says so). */
function casesSection(report: EvalReport): string {
  const regressed = new Map(report.baseline?.regressions.map((r) => [r.name, r.why]));
  const agents = [...new Set(report.cases.map((c) => c.agent ?? ''))].sort();
  return `<h2>Time per agent (median)</h2>
<p class="legend"><span><i class="ttft"></i>first token</span><span><i class="total"></i>total</span></p>
${timesChart(agentTimes(report))}
<h2>Cases</h2>
<div class="controls">
<label>Show <select id="filter-status"><option value="all">every case</option><option value="failed">failed</option><option value="regressed">regressed</option><option value="passed">passed</option></select></label>
<label>Agent <select id="filter-agent"><option value="">every agent</option>${agents.map((a) => `<option value="${html(a)}">${html(a)}</option>`).join('')}</select></label>
<label>Text <input id="filter-text" type="search" placeholder="name, input or answer" autocomplete="off"></label>
<span id="shown" class="muted">All ${report.cases.length} cases</span>
</div>
<table id="cases">
<thead><tr><th></th><th>Result</th><th data-sort="order"><button type="button">Case</button></th><th>Agent</th><th class="num" data-sort="ttft"><button type="button">First token</button></th><th class="num" data-sort="total"><button type="button">Total</button></th><th>Check</th></tr></thead>
${[...report.cases]
  .sort((a, b) => a.index - b.index)
  .map((c) => caseRows(c, regressed.get(c.name)))
  .join('\n')}
</table>
`;
}

function totals(report: EvalReport): string {
  const { cases, passed, failed, unfinished, durationMs } = report.summary;
  const items = [
    ['Cases', String(cases), ''],
    ['Passed', String(passed), 'pass'],
    ['Failed', String(failed), failed ? 'fail' : ''],
    ...(unfinished ? [['Not run', String(unfinished), 'warn']] : []),
    ...(report.baseline
      ? [
          [
            'Regressed',
            String(report.baseline.regressions.length),
            report.baseline.regressions.length ? 'fail' : 'pass',
          ],
          ['Fixed', String(report.baseline.fixed.length), ''],
        ]
      : []),
    ['Time', duration(durationMs), ''],
  ];
  const baseline = report.baseline
    ? `<p class="meta">Against the baseline ${html(report.baseline.file)} (tolerance ${report.baseline.tolerance})</p>`
    : '';
  return `<ul class="totals" id="totals">${items.map(([label, value, tone]) => `<li><span class="muted">${label}</span><b class="${tone}">${value}</b></li>`).join('')}</ul>${baseline}`;
}

const medianOrNull = (values: number[]) => (values.length ? median(values) : null);

function agentTimes(report: EvalReport): AgentTimes[] {
  const byAgent = new Map<string, ReportCase[]>();
  for (const c of report.cases) byAgent.set(c.agent ?? '', [...(byAgent.get(c.agent ?? '') ?? []), c]);
  return [...byAgent].map(([agent, cases]) => {
    const runs = cases.flatMap((c) => c.runs);
    return {
      agent,
      ttftMs: medianOrNull(runs.flatMap((r) => (r.timing.ttftMs === null ? [] : [r.timing.ttftMs]))),
      totalMs: medianOrNull(runs.map((r) => r.timing.totalMs)),
    };
  });
}

function caseRows(c: ReportCase, regression: string | undefined): string {
  const status = [c.passed ? 'passed' : 'failed', ...(regression !== undefined ? ['regressed'] : [])].join(' ');
  const { ttftMs: ttft, totalMs: total } = caseTimes(c);
  const failedCheck = c.runs.flatMap((r) => r.turns.flatMap((t) => t.checks.filter((k) => !k.passed)))[0];
  const check = failedCheck ? `${failedCheck.kind}: ${failedCheck.message ?? 'failed'}` : '';
  const verdict = c.passed ? '<b class="pass">PASS</b>' : '<b class="fail">FAIL</b>';
  const badge =
    regression !== undefined ? ` <span class="badge fail" title="${html(regression)}">regressed</span>` : '';
  const rate = c.runs.length > 1 ? ` <span class="muted">${Math.round(c.passRate * 100)}%</span>` : '';
  return `<tbody data-status="${status}" data-agent="${html(c.agent ?? '')}" data-ttft="${ttft ?? ''}" data-total="${total ?? ''}">
<tr class="case"><td><button type="button" class="toggle" aria-expanded="false" aria-label="details">▶</button></td><td>${verdict}${rate}${badge}</td><td class="name">${html(c.name)}</td><td>${html(c.agent ?? '')}</td><td class="num">${ttft === null ? '–' : duration(ttft)}</td><td class="num">${total === null ? '–' : duration(total)}</td><td>${html(cut(check, 200).text)}</td></tr>
<tr class="detail" hidden><td></td><td colspan="6">${details(c, regression)}</td></tr>
</tbody>`;
}

function details(c: ReportCase, regression: string | undefined): string {
  const parts = [`<p class="muted">at ${html(c.where)}${c.agentId ? ` · agent id ${html(c.agentId)}` : ''}</p>`];
  if (regression !== undefined) parts.push(`<p class="fail">Regressed: ${html(regression)}</p>`);
  for (const run of c.runs) {
    if (c.runs.length > 1)
      parts.push(
        `<h3>Run ${run.run}: ${run.passed ? '<span class="pass">passed</span>' : '<span class="fail">failed</span>'}</h3>`,
      );
    run.turns.forEach((turn, index) => {
      const output = typeof turn.output === 'string' ? turn.output : (JSON.stringify(turn.output, null, 2) ?? '');
      parts.push(
        `<div class="turn">${run.turns.length > 1 ? `<h4>Turn ${index + 1}</h4>` : ''}<h4>Input</h4>${block(turn.input)}<h4>Answer</h4>${block(output)}` +
          (turn.error ? `<p class="fail">Error (${html(turn.error.kind)}): ${html(turn.error.message)}</p>` : '') +
          (turn.toolCalls.length ? `<h4>Tool calls</h4>${block(JSON.stringify(turn.toolCalls, null, 2))}` : '') +
          `<h4>Checks</h4><ul class="checks">${turn.checks.map(checkItem).join('')}</ul>` +
          `<p class="muted">first token ${turn.timing.ttftMs === null ? '–' : duration(turn.timing.ttftMs)} · total ${duration(turn.timing.totalMs)} · ${turn.timing.chars} characters</p></div>`,
      );
    });
  }
  return parts.join('');
}

function block(text: string): string {
  const { text: shown, left } = cut(text, TEXT_CAP);
  const more = left > 0 ? `<p class="muted">…${left} more characters in the report file</p>` : '';
  return `<pre>${shown === '' ? '<span class="muted">(empty)</span>' : htmlLines(shown)}</pre>${more}`;
}

function checkItem(check: EvalReport['cases'][number]['runs'][number]['turns'][number]['checks'][number]): string {
  const expected = JSON.stringify(check.expected) ?? '';
  const mark = check.passed ? '<span class="pass">✓</span>' : '<span class="fail">✗</span>';
  const why = [check.message, check.reason].filter((text): text is string => Boolean(text));
  return `<li>${mark} ${html(check.kind)} <code>${html(cut(expected, 300).text)}</code>${why.length ? ` — ${html(cut(why.join(' '), 1000).text)}` : ''}</li>`;
}

function notRun(report: EvalReport): string {
  if (report.notRun.length === 0) return '';
  const rows = report.notRun.map(
    (n) => `<tr><td>${html(n.name)}</td><td>${html(n.where)}</td><td>${html(n.why)}</td></tr>`,
  );
  return `<h2>Not run (${report.notRun.length})</h2><table id="not-run"><thead><tr><th>Case</th><th>At</th><th>Why</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
