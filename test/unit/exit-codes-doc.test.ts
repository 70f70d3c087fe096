// the one table of exit codes is the code's (src/errors.ts); help exit-codes and README list
// exactly those codes, and both say what a closed stdout and a declined prompt give.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELP_TOPICS } from '../../src/commands/help/help-topics.js';
import { EXIT_CODE_MEANINGS, ExitCode, PartialFailure, CliError } from '../../src/errors.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const codes = [...new Set(Object.values(ExitCode))].sort((a, b) => a - b);

describe('the exit codes in help and README are the code’s', () => {
  it('the table of meanings holds every code once, in order', () => {
    expect(EXIT_CODE_MEANINGS.map(([code]) => code)).toEqual(codes);
  });

  it('a partial failure ends with the code of its first failure', () => {
    const failures = [new CliError('not-found', 'tool x not found'), new CliError('server', 'HTTP 500')];
    expect(new PartialFailure(failures).code).toBe(ExitCode.notFound);
  });

  it('help exit-codes lists every code of ExitCode, and no other', () => {
    const listed = [...HELP_TOPICS['exit-codes']!.text.matchAll(/^\s+(\d+) {2}\S/gm)].map((m) => Number(m[1]));
    expect(listed).toEqual(codes);
  });

  it("README's table lists every code of ExitCode, and no other", () => {
    const section = README.slice(README.indexOf('## Exit codes'), README.indexOf('## Performance'));
    const listed = [...section.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    expect(listed).toEqual(codes);
  });

  it('both say what a closed stdout and a declined confirmation give', () => {
    for (const text of [HELP_TOPICS['exit-codes']!.text, README]) {
      expect(text).toMatch(/A reader that goes away \(.*\| ?head.*\)/);
      expect(text).toMatch(/confirmation answered ["“]?No/);
    }
  });
});
