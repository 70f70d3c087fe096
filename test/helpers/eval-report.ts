// An eval report of one failed case whose judge said FAIL, as `eval --report` writes it (format 1),
// with the texts a test chooses: what hostile-text tests feed the readers and writers of reports.

export interface ReportTexts {
  file: string;
  name: string;
  agent: string;
  type: string;
  message: string;
  details: string;
  input: string;
  output: string;
  judge: string;
  reason: string;
  startedAt: string;
}

export function oneFailedCaseReport(texts: Partial<ReportTexts> = {}) {
  const t: ReportTexts = {
    file: 'evals.yaml',
    name: 'greets',
    agent: 'bot',
    type: 'judge',
    message: 'said FAIL',
    details: 'FAIL',
    input: 'hi',
    output: 'hello',
    judge: 'judge',
    reason: 'FAIL',
    startedAt: '2026-11-26T10:00:00.000Z',
    ...texts,
  };
  const timing = { ttftMs: 10, totalMs: 20, chars: 5, charsPerSecond: 250 };
  return {
    format: 1,
    cliVersion: '0.1.0',
    file: t.file,
    fileHash: 'abc',
    startedAt: t.startedAt,
    filter: null,
    shard: null,
    passed: false,
    summary: { cases: 1, passed: 0, failed: 1, unfinished: 0, durationMs: 20 },
    settings: { repeat: 1, threshold: 1, concurrency: 4 },
    agents: [{ reference: t.agent, id: 'a1' }],
    cases: [
      {
        name: t.name,
        index: 0,
        where: 'evals.yaml:3',
        agent: t.agent,
        agentId: 'a1',
        passed: false,
        passRate: 0,
        durationMs: 20,
        failure: { element: 'failure', type: t.type, message: t.message, details: t.details },
        runs: [
          {
            run: 1,
            sessionId: 's1',
            passed: false,
            timing,
            turns: [
              {
                input: t.input,
                output: t.output,
                toolCalls: [],
                error: null,
                timing,
                checks: [
                  {
                    kind: 'judge',
                    expected: { agent: t.judge, rubric: 'r' },
                    passed: false,
                    message: null,
                    reason: t.reason,
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
    notRun: [],
  };
}
