// `agents init [DIR]`: the starter files, written once; a file that exists is the user's until --force.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STARTER_EVALS, STARTER_STACK } from '../../init/starter-files.js';
import { runCli } from '../../../test/helpers/run-cli.js';

const folder = () => join(mkdtempSync(join(tmpdir(), 'agents-init-')), 'new folder');

describe('init', () => {
  it('writes stack.yaml and evals.yaml into DIR, made when missing, and says what to run next', async () => {
    const dir = folder();
    const result = await runCli(['init', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(dir, 'stack.yaml'), 'utf8')).toBe(STARTER_STACK);
    expect(readFileSync(join(dir, 'evals.yaml'), 'utf8')).toBe(STARTER_EVALS);
    expect(result.stderr).toContain('Wrote ');
    expect(result.stderr).toMatch(/agents apply -f .*stack\.yaml.*agents eval -f .*evals\.yaml/);
  });

  it('keeps a file that exists, unless --force; --json says what it did to each', async () => {
    const dir = folder();
    await runCli(['init', dir]);
    writeFileSync(join(dir, 'stack.yaml'), 'agents: []  # mine\n');
    const again = await runCli(['init', dir, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).files.map((file: { action: string }) => file.action)).toEqual(['kept', 'kept']);
    expect(readFileSync(join(dir, 'stack.yaml'), 'utf8')).toBe('agents: []  # mine\n');
    const warned = await runCli(['init', dir]);
    expect(warned.stderr).toContain('stack.yaml exists: kept as it is (--force replaces it)');

    const forced = await runCli(['init', dir, '--force', '--json']);
    expect(JSON.parse(forced.stdout).files.map((file: { action: string }) => file.action)).toEqual([
      'replaced',
      'replaced',
    ]);
    expect(readFileSync(join(dir, 'stack.yaml'), 'utf8')).toBe(STARTER_STACK);
  });

  it('a DIR that is a file is exit 2, in one line', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agents-init-')), 'taken');
    writeFileSync(file, 'x');
    const result = await runCli(['init', file]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
