// What commands receive from the outside world. The entry point passes the real
// process streams; tests pass captured streams, a temp config dir and fakes.
import type { Dispatcher } from 'undici';
import type { Prompter } from './questions.js';

export interface OutputStream {
  write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean;
  once(event: 'drain' | 'error', listener: (...args: unknown[]) => void): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface InputStream extends AsyncIterable<Uint8Array | string> {
  isTTY?: boolean;
}

export interface Deps {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
  /**
   * The descriptor of the process's own stdin (0): whether it is a terminal, a pipe or a file is
   * asked of it, without making the stream (~2 ms). Tests' streams have none.
   */
  stdinFd?: number;
  env: Record<string, string | undefined>;
  /** Aborted on Ctrl-C: requests stop, partial output stays. */
  signal?: AbortSignal;
  /** Replaces undici's env proxy agent (tests inject a MockAgent). */
  dispatcher?: Dispatcher;
  /** Waits between retries; tests make it instant. */
  sleep?: (ms: number) => Promise<void>;
  /** Source of jitter for retries. */
  random?: () => number;
  /** Asks questions on a terminal (tests script the answers). */
  prompter?: Prompter;
}
