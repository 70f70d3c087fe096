// Drives the built binary in a real pseudo-terminal (through test/helpers/pty-driver.py).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { assertBuilt, BIN } from './binary.js';

const DRIVER = fileURLToPath(new URL('./pty-driver.py', import.meta.url));

export interface PtyStep {
  /** A regex the screen must show (ANSI codes removed) before the keys are typed. */
  expect: string;
  send: string;
  timeout?: number;
}

export interface PtyResult {
  code: number | null;
  failure: string | null;
  /** Everything the terminal showed, ANSI codes removed. */
  screen: string;
  raw: string;
}

export const KEY = { enter: '\r', down: '\x1b[B', up: '\x1b[A', space: ' ', ctrlC: '\x03', ctrlD: '\x04' } as const;

export function python(): string | undefined {
  const found = spawnSync('python3', ['--version']);
  return found.status === 0 ? 'python3' : undefined;
}

export function runInPty(args: string[], steps: PtyStep[], env: Record<string, string>): PtyResult {
  assertBuilt();
  const result = spawnSync('python3', [DRIVER, JSON.stringify(steps), '--', process.execPath, BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', TERM: 'xterm-256color', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`pty driver failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as PtyResult;
}
