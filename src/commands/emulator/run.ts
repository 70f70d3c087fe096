import { lstatSync, readFileSync, unlinkSync } from 'node:fs';
import { readToken } from '../../config/setting-specs.js';
import { CliError } from '../../errors.js';
import { writePrivateFile } from '../../io/write-file.js';
import { startEmulator } from '../../emulator/server.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (options, ctx) => {
  // A token given is read as AGENTS_TOKEN is (no space, at least 8 characters: exit 4 otherwise).
  const token = options.token === undefined ? undefined : readToken(options.token, '--token');
  const emulator = await startEmulator({ ...options, token, tokenDelayMs: options.tokenDelay }).catch(
    (error: NodeJS.ErrnoException) => {
      throw listenError(error, options.host, options.port);
    },
  );

  // Listen for SIGTERM before the address is printed: a script may stop it as soon as it reads it.
  const stopped = untilStopped(ctx.signal);
  if (emulator.exposed) {
    ctx.io.logger.warn(
      `listening on ${options.host}: other machines can reach this emulator. Use --host 127.0.0.1 to keep it local.`,
    );
  }
  const variables = `AGENTS_BASE_URL=${emulator.url}\nAGENTS_TOKEN=${emulator.token}`;
  // Written whole (atomically) and private: a script waiting for the file reads both lines or none.
  if (options.envOut !== undefined) {
    try {
      writePrivateFile(options.envOut, `${variables}\n`);
    } catch (error) {
      await emulator.close(); // no server left listening behind a failed start
      throw error;
    }
  }
  // One line of JSON, or two of shell: a script reads it as soon as it is there, while this runs on.
  if (ctx.out.forProgram) {
    ctx.out.event({ baseUrl: emulator.url, token: emulator.token, strict: emulator.strict });
  } else {
    ctx.out.text(variables);
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
  if (options.envOut !== undefined) removeEnvFile(options.envOut, `${variables}\n`); // its token is of no use now
  ctx.io.logger.info(ctx.io.theme.muted('Emulator stopped.'));
};

/** The env file removed, when it is still the one this emulator wrote (another may have written it since). */
function removeEnvFile(path: string, written: string): void {
  try {
    if (lstatSync(path).isFile() && readFileSync(path, 'utf8') === written) unlinkSync(path);
  } catch {
    // gone already, or not ours to remove
  }
}

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
