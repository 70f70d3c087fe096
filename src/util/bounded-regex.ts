// Every regular expression from outside (an eval file's `regex`, an output schema's `pattern`) is
// matched in bounded time: /^(a+)+$/ against "aaaa…!" backtracks for hours and would block the
// process, Ctrl-C included. A pattern V8's linear-time engine can run goes there (the `l` flag, which
// the entry point switches on when announced: tuning.ts; without it, every pattern takes the worker). The
// rest (unicode mode, which JSON Schema uses, lookarounds, backreferences) run in a worker thread
// that is stopped after MATCH_DEADLINE_MS: the caller waits for it synchronously, as Ajv needs.
import { Worker } from 'node:worker_threads';
import { CliError } from '../errors.js';
import { announce, OUTSIDE_PATTERN_CHANNEL } from './channels.js';

/** How long one match may take before it is stopped. */
const MATCH_DEADLINE_MS = 250;
/** How long a new worker may take to start (a loaded CI machine is slow to boot one). */
const WORKER_START_MS = 10_000;

/** What a matcher needs: Ajv's RegExpLike, and what eval calls. */
export interface BoundedRegExp {
  test(input: string): boolean;
  readonly source: string;
  toString(): string;
}

export class RegexTimeoutError extends CliError {
  constructor(readonly pattern: string) {
    super(
      'usage',
      `the pattern /${pattern}/ took more than ${MATCH_DEADLINE_MS} ms to match and was stopped (nested repetition like (a+)+ backtracks without end)`,
      {
        hint: 'Simplify the pattern: avoid a repeated group whose body can itself repeat.',
      },
    );
  }
}

/**
 * A matcher for `pattern`; a pattern that is not valid throws the engine's SyntaxError, as
 * `new RegExp` does. Compiling never runs the pattern, so it is safe on the main thread.
 */
export function boundedRegExp(pattern: string, flags = ''): BoundedRegExp {
  announce(OUTSIDE_PATTERN_CHANNEL);
  const regExp = new RegExp(pattern, flags);
  if (!/[uv]/.test(flags)) {
    try {
      return new RegExp(pattern, `${flags}l`);
    } catch {
      // a lookaround or a backreference: the worker below
    }
  }
  // toString: Ajv caches compiled patterns by it.
  return {
    source: regExp.source,
    test: (input) => testInWorker(pattern, flags, input),
    toString: () => String(regExp),
  };
}

/** How Ajv names the engine in code it generates (only standalone code uses it). */
boundedRegExp.code = 'boundedRegExp';

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ pattern, flags, input, shared }) => {
  const state = new Int32Array(shared);
  let result = 3;
  try { result = new RegExp(pattern, flags).test(input) ? 1 : 2; } catch {}
  Atomics.store(state, 0, result);
  Atomics.notify(state, 0);
});
const ready = new Int32Array(require('node:worker_threads').workerData);
Atomics.store(ready, 0, 1);
Atomics.notify(ready, 0);
`;

let worker: Worker | undefined;

function startedWorker(): Worker {
  if (worker) return worker;
  const ready = new SharedArrayBuffer(4);
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: ready });
  started.unref(); // an idle matcher never keeps the process alive
  if (Atomics.wait(new Int32Array(ready), 0, 0, WORKER_START_MS) === 'timed-out') {
    void started.terminate();
    throw new Error(`could not start the thread that matches patterns within ${WORKER_START_MS / 1000} s`);
  }
  worker = started;
  return started;
}

function testInWorker(pattern: string, flags: string, input: string): boolean {
  const matcher = startedWorker();
  const shared = new SharedArrayBuffer(4);
  const state = new Int32Array(shared);
  matcher.postMessage({ pattern, flags, input, shared });
  if (Atomics.wait(state, 0, 0, MATCH_DEADLINE_MS) === 'timed-out' && Atomics.load(state, 0) === 0) {
    // The only way to stop a match that is under way: end its thread; the next match starts another.
    void matcher.terminate();
    worker = undefined;
    throw new RegexTimeoutError(pattern);
  }
  return Atomics.load(state, 0) === 1;
}
