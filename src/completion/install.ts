// How a user installs each script for themselves alone: one line per shell, in the file the shell
// reads at start, working on a fresh account: bash needs no bash-completion package, zsh no
// compinit called before (the script loads it when it is missing), fish's folder is made first.
// `completion --help`, the scripts' headers and README all show these lines.
import type { Shell } from './shells.js';

export function installLine(shell: Shell, name = 'agents'): string {
  switch (shell) {
    case 'bash':
      return `echo 'eval "$(${name} completion bash)"' >> ~/.bashrc`;
    case 'zsh':
      return `echo 'eval "$(${name} completion zsh)"' >> ~/.zshrc`;
    case 'fish':
      return `mkdir -p ~/.config/fish/completions && ${name} completion fish > ~/.config/fish/completions/${name}.fish`;
  }
}
