// One entry point: the script for a shell, from the program.
import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { describeProgram } from './model.js';
import { planCompletion } from './plan.js';
import { zshScript } from './zsh.js';

import type { Shell } from './shells.js';

export function completionScript(program: Command, shell: Shell): string {
  const plan = planCompletion(describeProgram(program));
  switch (shell) {
    case 'bash':
      return bashScript(plan);
    case 'zsh':
      return zshScript(plan);
    case 'fish':
      return fishScript(plan);
  }
}
