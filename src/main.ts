// The process entry: real streams, Ctrl-C handling, V8's settings, and the only process.exit.
import { ExitCode } from './errors.js';
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
  const { run } = await import('./cli.js');
  // cli.ts guards the streams: a reader that goes away changes nothing, a full disk is exit 8.
  process.exitCode = await run(argv, {
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
}
