// The process entry: real streams, Ctrl-C handling, V8's settings, and the only process.exit.
import { ExitCode, noteTermination, type TerminationSignal } from './errors.js';
import { tuneV8 } from './tuning.js';

// bin/code-cache.js calls it before it writes a code cache (at exit) and around reading one.
export { settleV8Flags } from './tuning.js';

export async function main(): Promise<void> {
  tuneV8();
  const argv = process.argv.slice(2);
  const interrupt = new AbortController();
  process.on('SIGINT', () => {
    // First Ctrl-C aborts the work in flight (partial output is kept); a second one exits at once.
    if (interrupt.signal.aborted) process.exit(ExitCode.interrupted);
    interrupt.abort();
  });
  const stoppedBy = stopOnTermination(interrupt);
  const { run } = await import('./cli.js');
  // cli.ts guards the streams: a reader that goes away changes nothing, a full disk is exit 8.
  const code = await run(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    // Made on first use: most commands never read stdin, and making it costs a stream (~2 ms).
    get stdin() {
      return process.stdin;
    },
    stdinFd: 0,
    env: process.env,
    signal: interrupt.signal,
  });
  // Ended as an interruption by SIGTERM or SIGHUP: die of that signal (143, 129), as the caller expects.
  const signal = stoppedBy();
  if (signal && (code === ExitCode.terminated || code === ExitCode.hangup)) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  }
  process.exitCode = code;
}

/** How long a terminated run may take to write what it has (the run log, a last line) before it dies anyway. */
const TERMINATION_GRACE_MS = 3000;

/**
 * SIGTERM (CI's `timeout`) and SIGHUP (a closed terminal) end the work as Ctrl-C does, so the run
 * log, `--events` and the answer's last newline are written; then the process dies of the signal.
 * A command that does not stop in time is ended by the signal all the same.
 */
function stopOnTermination(interrupt: AbortController): () => TerminationSignal | undefined {
  let received: TerminationSignal | undefined;
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      received ??= signal;
      noteTermination(signal);
      interrupt.abort();
      setTimeout(() => {
        process.removeAllListeners(signal);
        process.kill(process.pid, signal);
      }, TERMINATION_GRACE_MS).unref();
    });
  }
  return () => received;
}
