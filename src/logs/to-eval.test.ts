// Logged runs as eval cases: what a user reads and edits, and what runs where ids change.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { LoggedRun } from './runs.js';
import { casesOf, evalFileText } from './to-eval.js';

const SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

function loggedRun(changes: Partial<LoggedRun> = {}): LoggedRun {
  return {
    id: 'run-1',
    startedAt: '2026-11-28T10:00:00.000Z',
    command: 'invoke',
    profile: 'default',
    baseUrl: 'http://127.0.0.1:1',
    agentId: '3f2a9c1e-0000-4000-8000-000000000001',
    agentName: 'Travel bot',
    sessionId: null,
    input: 'Which city in the north of Portugal hosts the oldest bookshop still open today?',
    answer: 'Porto.',
    answerCut: false,
    toolCalls: null,
    outputSchema: JSON.stringify(SCHEMA),
    value: { city: 'Porto' },
    error: null,
    exitCode: 0,
    ttftMs: 10,
    totalMs: 20,
    chars: 6,
    evalRun: null,
    evalCase: null,
    ...changes,
  };
}

describe('logs to-eval', () => {
  it('names the agent as the user does (its id in the comment), cuts the case name at a word, writes no YAML alias', async () => {
    const text = await evalFileText(casesOf([loggedRun()]).cases);
    const [only] = (parse(text) as { cases: Array<Record<string, unknown>> }).cases;
    expect(only!.agent).toBe('Travel bot');
    expect(text).toContain('# run run-1: invoke of Travel bot (3f2a9c1e-0000-4000-8000-000000000001)');
    expect(only!.name).toBe('Which city in the north of Portugal (run run-1)');
    expect(text).not.toMatch(/[&*]a\d/);
    expect(only!.outputSchema).toEqual(SCHEMA);
    expect(only!.assert).toContainEqual({ 'json-schema': SCHEMA });
  });

  it('a run whose agent had no name is named by its id', async () => {
    const [only] = casesOf([loggedRun({ agentName: null })]).cases;
    expect(only!.value.agent).toBe('3f2a9c1e-0000-4000-8000-000000000001');
  });
});
