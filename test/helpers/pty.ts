// Drives the built binary in a real pseudo-terminal (through test/helpers/pty-driver.py).
import { spawn, spawnSync } from 'node:child_process';
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

/** Async, so a test server in this process keeps answering while the terminal session runs. */
export function runInPty(args: string[], steps: PtyStep[], env: Record<string, string>): Promise<PtyResult> {
  assertBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn('python3', [DRIVER, JSON.stringify(steps), '--', process.execPath, BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', TERM: 'xterm-256color', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`pty driver failed: ${stderr}`));
      else resolve(JSON.parse(stdout) as PtyResult);
    });
  });
}
