import type { Command } from 'commander';
import { completionScript } from '../completion/generate.js';
import type { Shell } from '../completion/shells.js';
import type { Context } from '../context.js';
import type { Options } from './define.js';

export async function run(ctx: Context, args: unknown[], _options: Options, command: Command): Promise<void> {
  let program = command;
  while (program.parent) program = program.parent;
  ctx.deps.stdout.write(completionScript(program, args[0] as Shell));
}
