// Drives the built binary in a real pseudo-terminal (through test/helpers/pty-driver.py).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sqliteAvailable } from '../../src/logs/sqlite.js';
import { assertBuilt, BIN, childEnv } from './binary.js';
import { TIME_SCALE } from './limits.js';

const DRIVER = fileURLToPath(new URL('./pty-driver.py', import.meta.url));

export interface PtyStep {
  /** A regex the screen must show (ANSI codes removed) before the keys are typed. */
  expect: string;
  send: string;
  timeout?: number;
  /** Resize the window to [rows, cols] (SIGWINCH) before the keys are typed. */
  resize?: [number, number];
  /** Seconds to wait after the screen matched, before typing (default 0.15, scaled by AGENTS_TEST_TIME_SCALE). */
  delay?: number;
}

export interface PtyOptions {
  /** The window size the program sees; 0 columns is what some CI runners report. Default 120x40. */
  cols?: number;
  rows?: number;
  /** The run fails, and the program is killed, past this much output or time. */
  maxBytes?: number;
  maxSeconds?: number;
}

export interface PtyResult {
  code: number | null;
  failure: string | null;
  seconds: number;
  /** Everything the terminal showed, ANSI codes removed (for waiting on text; see screen.ts to render). */
  screen: string;
  raw: string;
  /** The exact bytes the program wrote to the terminal. */
  bytes: Buffer;
}

export const KEY = {
  enter: '\r',
  down: '\x1b[B',
  up: '\x1b[A',
  space: ' ',
  ctrlC: '\x03',
  ctrlD: '\x04',
  ctrlZ: '\x1a',
} as const;

/**
 * The python3 the pty tests run, or undefined when they cannot run. Off CI they skip without
 * python3; in CI (CI=true) a missing python3 is an error, so a runner without it fails instead of
 * passing with the screen untested. Found once and named by its real path: a version manager's
 * shim (pyenv) starts a dozen processes before Python itself, ~50 ms for each terminal session.
 */
let found: { path: string | undefined } | undefined;
export function python(): string | undefined {
  found ??= { path: realPython() };
  if (found.path !== undefined) return found.path;
  const ci = process.env.CI;
  if (ci && ci !== '0' && ci !== 'false')
    throw new Error('python3 is missing: the terminal tests need it (.ci/run installs it)');
  return undefined;
}

function realPython(): string | undefined {
  const asked = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  return asked.status === 0 && asked.stdout.trim() ? asked.stdout.trim() : undefined;
}

/** Async, so a test server in this process keeps answering while the terminal session runs. */
export function runInPty(
  args: string[],
  steps: PtyStep[],
  env: Record<string, string>,
  options: PtyOptions & { cwd?: string } = {},
): Promise<PtyResult> {
  assertBuilt();
  return runCommandInPty([process.execPath, BIN, ...args], steps, env, options);
}

/** Any command in a pty (a shell, say), played the same way. */
export function runCommandInPty(
  command: string[],
  steps: PtyStep[],
  env: Record<string, string>,
  options: PtyOptions & { cwd?: string } = {},
): Promise<PtyResult> {
  if (env.AGENTS_CONFIG_DIR) noticeGivenAlready(env.AGENTS_CONFIG_DIR);
  return new Promise((resolve, reject) => {
    const child = spawn(
      python() ?? 'python3',
      [DRIVER, JSON.stringify(steps), JSON.stringify({ ...options, scale: TIME_SCALE }), '--', ...command],
      {
        cwd: options.cwd,
        env: childEnv({ TERM: 'xterm-256color', ...env }),
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`pty driver failed: ${stderr}`));
      const result = JSON.parse(stdout) as Omit<PtyResult, 'bytes'> & { bytes: string };
      resolve({ ...result, bytes: Buffer.from(result.bytes, 'base64') });
    });
  });
}

/**
 * A terminal test is about its command's screen, not about the once-per-profile notice that a
 * Node without node:sqlite keeps no run log (test/logs/logs.e2e.test.ts tests that): on such a Node the
 * notice is recorded as given in the test's config folder.
 */
function noticeGivenAlready(configDir: string): void {
  if (sqliteAvailable()) return;
  const state = join(configDir, 'state.json');
  const saved = existsSync(state) ? (JSON.parse(readFileSync(state, 'utf8')) as Record<string, unknown>) : {};
  mkdirSync(configDir, { recursive: true });
  const notices = { ...(saved.notices as object), 'no-run-log default': new Date().toISOString() };
  writeFileSync(state, JSON.stringify({ ...saved, notices }), { mode: 0o600 });
}
