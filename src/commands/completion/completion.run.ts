import type { Command } from 'commander';
import { completionScript } from '../../completion/generate.js';
import { SHELLS } from '../../completion/shells.js';
import * as z from 'zod/mini';
import { noOptions } from '../option-schemas.js';
import type { Context } from '../../context.js';

export const optionsSchema = noOptions;
export const argumentsSchema = z.tuple([z.enum(SHELLS)]);

export function run(ctx: Context, args: z.infer<typeof argumentsSchema>, _options: unknown, command: Command): void {
  let program = command;
  while (program.parent) program = program.parent;
  ctx.io.stdout.write(completionScript(program, args[0]));
}
