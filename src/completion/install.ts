// How a user installs each script for themselves alone: one line per shell, into a folder of
// their own that the line makes first (a fresh account has none), in the place the shell reads.
// `completion --help`, the scripts' headers and README all show these lines.
import type { Shell } from './shells.js';

export function installLine(shell: Shell, name = 'agents'): string {
  switch (shell) {
    case 'bash':
      return `mkdir -p ~/.local/share/bash-completion/completions && ${name} completion bash > ~/.local/share/bash-completion/completions/${name}`;
    case 'zsh':
      return `mkdir -p ~/.zfunc && ${name} completion zsh > ~/.zfunc/_${name}  # and in ~/.zshrc, before compinit: fpath=(~/.zfunc $fpath)`;
    case 'fish':
      return `mkdir -p ~/.config/fish/completions && ${name} completion fish > ~/.config/fish/completions/${name}.fish`;
  }
}
