import type { Command } from 'commander';
import { completionScript } from '../../completion/generate.js';
import type { Shell } from '../../completion/shells.js';
import type { Context } from '../../context.js';

export function run(ctx: Context, args: unknown[], _options: unknown, command: Command): void {
  let program = command;
  while (program.parent) program = program.parent;
  ctx.io.stdout.write(completionScript(program, args[0] as Shell));
}
