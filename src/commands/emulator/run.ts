import { CliError } from '../../errors.js';
import { startEmulator } from '../../emulator/server.js';
import type { RunOf } from '../command.js';
import type { spec } from './spec.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  const emulator = await startEmulator({ ...options, tokenDelayMs: options.tokenDelay }).catch(
    (error: NodeJS.ErrnoException) => {
      throw listenError(error, options.host, options.port);
    },
  );

  // Listen for SIGTERM before the address is printed: a script may stop it as soon as it reads it.
  const stopped = untilStopped(ctx.deps.signal);
  if (emulator.exposed) {
    ctx.io.logger.warn(
      `listening on ${options.host}: other machines can reach this emulator.${options.token === undefined ? ' Its token is random, not the documented one.' : ''} Use --host 127.0.0.1 to keep it local.`,
    );
  }
  // One line of JSON, or two of shell: a script reads it as soon as it is there, while this runs on.
  if (ctx.out.mode === 'json') {
    ctx.out.event({ baseUrl: emulator.url, token: emulator.token, strict: emulator.strict });
  } else {
    ctx.out.text(`AGENTS_BASE_URL=${emulator.url}\nAGENTS_TOKEN=${emulator.token}`);
    ctx.io.logger.info(
      ctx.io.theme.muted(
        `Emulator${emulator.strict ? ' (strict)' : ''} listening. Try:\n` +
          `  export AGENTS_BASE_URL=${emulator.url} AGENTS_TOKEN=${emulator.token}\n` +
          '  agents create --name Demo --description "a demo agent" --llm-model GPT_4_TURBO\n' +
          'Ctrl-C stops it.',
      ),
    );
  }

  await stopped;
  await emulator.close();
  ctx.io.logger.info(ctx.io.theme.muted('Emulator stopped.'));
};

/** Resolves on Ctrl-C (the entry point's abort signal) or SIGTERM. */
function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGTERM', stop);
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
  });
}

function listenError(error: NodeJS.ErrnoException, host: string, port: number): CliError {
  const hint = 'Pick another with --port, or --port 0 for any free port.';
  if (error.code === 'EADDRINUSE') return new CliError('usage', `${host}:${port} is already in use`, { hint });
  if (error.code === 'EACCES') return new CliError('usage', `not allowed to listen on ${host}:${port}`, { hint });
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return new CliError('usage', `cannot bind to ${host}: no such local address`);
  return new CliError('server', `the emulator could not start: ${error.message}`);
}
