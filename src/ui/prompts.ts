// Prompts are rendered on stderr and only ever shown when ctx.interactive is true;
// callers check that first. Ctrl-C or Ctrl-D inside a prompt becomes "interrupted".
import type { Context } from '../context.js';
import { CliError } from '../errors.js';

function promptContext(ctx: Context) {
  return {
    input: ctx.deps.stdin as NodeJS.ReadableStream,
    output: ctx.deps.stderr as unknown as NodeJS.WritableStream,
    clearPromptOnDone: false,
    signal: ctx.deps.signal,
  };
}

async function guard<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'ExitPromptError' || name === 'AbortPromptError' || name === 'CancelPromptError') {
      throw new CliError('interrupted', 'interrupted');
    }
    throw error;
  }
}

export async function askSecret(ctx: Context, message: string): Promise<string> {
  const { password } = await import('@inquirer/prompts');
  return guard(() =>
    password({ message, mask: '*', validate: (value) => (value.trim() ? true : 'must not be empty') }, promptContext(ctx)),
  );
}

export async function askText(
  ctx: Context,
  message: string,
  options: { default?: string; validate?: (value: string) => string | true } = {},
): Promise<string> {
  const { input } = await import('@inquirer/prompts');
  return guard(() => input({ message, ...options }, promptContext(ctx)));
}

export async function askConfirm(ctx: Context, message: string, initial = false): Promise<boolean> {
  const { confirm } = await import('@inquirer/prompts');
  return guard(() => confirm({ message, default: initial }, promptContext(ctx)));
}
