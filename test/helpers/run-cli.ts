// Runs the program in-process with captured streams and a temp config folder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { run } from '../../src/cli.js';
import type { Deps } from '../../src/deps.js';
import type { Prompter } from '../../src/questions.js';
import { captureStream, stdinFrom } from './streams.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  configDir?: string;
  dispatcher?: Dispatcher;
  signal?: AbortSignal;
  /** Pretend stdin and stderr are a terminal (prompts become possible). */
  tty?: boolean;
  prompter?: Prompter;
  /** stdout itself (a stream on a real device), instead of one that captures what is written. */
  stdout?: import('../../src/deps.js').OutputStream;
  /** Told each piece written to stderr as it is written (a test can wait on a line). */
  onStderr?: (text: string) => void;
  /** Told each piece written to stdout as it is written. */
  onStdout?: (text: string) => void;
}

export function tempConfigDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'agents-test-')), 'config');
}

export async function runCli(argv: string[], options: RunOptions = {}): Promise<CliResult> {
  const stdout = captureStream(false, options.onStdout);
  const stderr = captureStream(options.tty ?? false, options.onStderr);
  const deps: Deps = {
    stdout: options.stdout ?? stdout,
    stderr,
    stdin: stdinFrom(options.stdin, options.tty ?? false),
    prompter: options.prompter,
    env: { AGENTS_CONFIG_DIR: options.configDir ?? tempConfigDir(), ...options.env },
    dispatcher: options.dispatcher,
    signal: options.signal,
    sleep: async () => {},
    random: () => 0.5,
  };
  const code = await run(argv, deps);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
