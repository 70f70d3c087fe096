// The one place failures become stderr and an exit code: the whole of stderr, exactly.
import { describe, expect, it } from 'vitest';
import { ApiError, CliError } from '../../src/errors.js';
import { reportError } from '../../src/report.js';
import { PLAIN_THEME } from '../../src/ui/color-support.js';

function report(error: unknown, debug = false): { code: number; stderr: string } {
  let stderr = '';
  const write = (chunk: string) => {
    stderr += chunk;
    return true;
  };
  const stream = { write } as unknown as Parameters<typeof reportError>[1]['stderr'];
  const code = reportError(error, { stderr: stream, theme: PLAIN_THEME, debug });
  return { code, stderr };
}

describe('reportError', () => {
  it('a usage error without a hint is one line: no empty or "undefined" line', () => {
    expect(report(new CliError('usage', 'missing --name'))).toEqual({ code: 2, stderr: 'error: missing --name\n' });
  });

  it('details, then the hint, each on its own line', () => {
    const error = new CliError('not-found', 'agent x not found', {
      details: ['one', 'two'],
      hint: 'Try `agents list`.',
    });
    expect(report(error)).toEqual({ code: 5, stderr: 'error: agent x not found\n  one\n  two\nTry `agents list`.\n' });
  });

  it('the service words are escaped before they reach a terminal', () => {
    expect(report(new CliError('server', 'bad \u001b[2J thing')).stderr).toBe('error: bad ^[[2J thing\n');
  });

  it('an interruption is the word alone, exit 130', () => {
    expect(report(new CliError('interrupted', 'cancelled; nothing was sent'))).toEqual({
      code: 130,
      stderr: 'cancelled; nothing was sent\n',
    });
    expect(report(Object.assign(new Error('This operation was aborted'), { name: 'AbortError' }))).toEqual({
      code: 130,
      stderr: 'interrupted\n',
    });
    expect(report(Object.assign(new Error('x'), { code: 'ABORT_ERR' }))).toEqual({
      code: 130,
      stderr: 'interrupted\n',
    });
  });

  it('an unexpected failure asks for --debug; under --debug it shows the stack instead', () => {
    const bug = new TypeError('x is not a function');
    bug.stack = 'TypeError: x is not a function\n    at here (src/a.ts:1:1)';
    expect(report(bug)).toEqual({
      code: 1,
      stderr:
        'error: unexpected failure: x is not a function\nRun again with --debug for details, and report it if it persists.\n',
    });
    expect(report(bug, true)).toEqual({
      code: 1,
      stderr:
        'error: unexpected failure: x is not a function\nTypeError: x is not a function\n    at here (src/a.ts:1:1)\n',
    });
    expect(report(null)).toEqual({
      code: 1,
      stderr: 'error: unexpected failure: null\nRun again with --debug for details, and report it if it persists.\n',
    });
    expect(report('a string')).toEqual({
      code: 1,
      stderr:
        'error: unexpected failure: a string\nRun again with --debug for details, and report it if it persists.\n',
    });
  });

  it("under --debug a CliError shows what the service said, or its cause's stack", () => {
    const cause = new ApiError('not-found', 404, 'Agent not found');
    expect(report(new CliError('not-found', 'agent x not found', { cause }), true).stderr).toBe(
      'error: agent x not found\nthe service said: Agent not found\n',
    );
    expect(report(new CliError('not-found', 'agent x not found', { cause }), false).stderr).toBe(
      'error: agent x not found\n',
    );
    const low = new Error('socket hang up');
    low.stack = 'Error: socket hang up\n    at s (net:1:1)';
    expect(report(new CliError('unreachable', 'lost', { cause: low }), true).stderr).toBe(
      'error: lost\nError: socket hang up\n    at s (net:1:1)\n',
    );
  });
});
