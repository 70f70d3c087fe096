// `agents completion <shell>`: the script for the shell, made from the program.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/run-cli.js';

describe('completion', () => {
  it('prints a script for each shell and refuses another (exit 2)', async () => {
    expect((await runCli(['completion', 'bash'])).stdout).toMatch(/^complete -F _agents agents$/m);
    expect((await runCli(['completion', 'zsh'])).stdout).toMatch(/^#compdef agents/);
    expect((await runCli(['completion', 'fish'])).stdout).toContain('complete -c agents');
    expect((await runCli(['completion', 'tcsh'])).code).toBe(2);
  });
});
