// One entry point: the script for a shell, from the shape of the program.
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import type { ProgramSpec } from './model.js';
import { planCompletion } from './plan.js';
import { zshScript } from './zsh.js';

import type { Shell } from './shells.js';

export function completionScript(program: ProgramSpec, shell: Shell): string {
  const plan = planCompletion(program);
  switch (shell) {
    case 'bash':
      return bashScript(plan);
    case 'zsh':
      return zshScript(plan);
    case 'fish':
      return fishScript(plan);
  }
}
