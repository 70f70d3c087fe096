// The process entry: real streams, Ctrl-C handling, and the only process.exit.
import { ExitCode } from './errors.js';

export async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const interrupt = new AbortController();
  process.on('SIGINT', () => {
    // First Ctrl-C aborts the work in flight (partial output is kept); a second one exits at once.
    if (interrupt.signal.aborted) process.exit(ExitCode.interrupted);
    interrupt.abort();
  });
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // The reader went away (e.g. `agents list | head`): stop quietly.
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? ExitCode.ok);
    throw error;
  });

  const { run } = await import('./cli.js');
  process.exitCode = await run(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    signal: interrupt.signal,
  });
}
