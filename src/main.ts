// The process entry: real streams, Ctrl-C handling, and the only process.exit.
import { ExitCode } from './errors.js';
import { survivesClosedReader } from './ui/reader-gone.js';

export async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const interrupt = new AbortController();
  process.on('SIGINT', () => {
    // First Ctrl-C aborts the work in flight (partial output is kept); a second one exits at once.
    if (interrupt.signal.aborted) process.exit(ExitCode.interrupted);
    interrupt.abort();
  });
  const { run } = await import('./cli.js');
  // A reader that goes away (`| head`) is no failure and no success: the command finishes and its code stands.
  process.exitCode = await run(argv, {
    stdout: survivesClosedReader(process.stdout),
    stderr: survivesClosedReader(process.stderr),
    // Made on first use: most commands never read stdin, and making it costs a stream (~2 ms).
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    signal: interrupt.signal,
  });
}
