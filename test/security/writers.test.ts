// Text written into YAML, XML, Markdown and HTML is escaped by its writer (docs/security.md): each
// writer is fed text with line breaks, quotes, `<`, `]]>` and `#`, and what it wrote is parsed back.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { parse } from 'yaml';
import { markdownText } from '../../src/ci/markdown.js';
import { renderReportHtml } from '../../src/eval/html/render.js';
import { junitXml } from '../../src/eval/junit.js';
import type { EvalReport } from '../../src/eval/report.js';
import type { LoggedRun } from '../../src/logs/runs.js';
import { evalFileText } from '../../src/logs/to-eval.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { oneFailedCaseReport } from '../helpers/eval-report.js';
import { runCli } from '../helpers/run-cli.js';

const HOSTILE = 'first line\nsecond "quoted" <b>bold</b> ]]> #hash\r\ncases:\n  - name: injected';

describe('every writer escapes what is not its own', () => {
  it('logs to-eval: a name with line breaks stays inside its comment; the file holds the one case, values intact', async () => {
    const run = {
      id: 'r1',
      startedAt: '2026-11-28T10:00:00.000Z',
      command: 'invoke',
      agentId: 'a1',
      agentName: HOSTILE,
    } as LoggedRun;
    const value = { name: HOSTILE, agent: HOSTILE, input: HOSTILE, assert: [{ contains: HOSTILE }] };
    const text = await evalFileText([{ run, value, earlier: 0 }]);
    const file = parse(text) as { cases: unknown[] };
    expect(file.cases).toEqual([value]);
    for (const line of text.split('\n').filter((l) => l.trimStart().startsWith('#'))) expect(line).not.toMatch(/\r/);
  });

  it('JUnit: a hostile startedAt and every other text give a well-formed file with its own elements only', async () => {
    const report = hostileReport();
    const xml = junitXml(report);
    const result = await validateXML({ xml: [{ fileName: 'r.xml', contents: xml }], normalization: 'format' });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(xml).not.toMatch(/<(b|x)[\s/>]/);
  });

  it('the job summary: no tag, heading or list of its own in the rendered Markdown', () => {
    const html = new MarkdownIt({ html: true, linkify: true }).render(
      `| case |\n| --- |\n| ${markdownText(HOSTILE)} |\n`,
    );
    expect(html).not.toMatch(/<b>|<h\d|<li>/);
    expect(html.match(/<tr>/g)?.length).toBe(2);
  });

  it('the HTML report: the text shows as text, never as markup', () => {
    const html = renderReportHtml(hostileReport());
    expect(html).not.toContain('<b>bold</b>');
    expect(html).not.toContain('<x/>');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });
});

describe('export', () => {
  const running = useEmulatorEnv();
  it('a hostile name and prompt come back from the YAML as they were', async () => {
    const created = await runCli(
      [
        'create',
        '-q',
        '--name',
        'writer bot #1: "x" <b>',
        '--description',
        HOSTILE,
        '--prompt',
        HOSTILE,
        '--llm-model',
        'GPT_4',
      ],
      { env: running.env },
    );
    expect(created.code, created.stderr).toBe(0);
    const exported = await runCli(['export', '--all'], { env: running.env });
    const stack = parse(exported.stdout) as { agents: Array<{ name: string; description: string; prompt: string }> };
    const agent = stack.agents.find((a) => a.name === 'writer bot #1: "x" <b>');
    expect(agent?.description).toBe(HOSTILE);
    expect(agent?.prompt).toBe(HOSTILE);
  });
});

/** A report whose every text, and its startedAt, is hostile. */
const hostileReport = () =>
  oneFailedCaseReport({
    file: `evals ${HOSTILE}.yaml`,
    name: HOSTILE,
    agent: HOSTILE,
    message: HOSTILE,
    details: HOSTILE,
    input: HOSTILE,
    output: HOSTILE,
    judge: HOSTILE,
    reason: HOSTILE,
    startedAt: '2"/><x/>',
  }) as unknown as EvalReport;
