// Two answers word by word (jsdiff's diffWords): what a prompt or model change did to an answer.
// On a terminal removed words are red and struck, added ones green; elsewhere [-removed-]{+added+},
// as git diff --word-diff prints them. Both texts are escaped first: they come from a service.
import type { Theme } from '../ui/theme.js';
import { escapeControlsKeepLines } from '../ui/safe-text.js';
import { importDiff } from '../util/esm-vendor.js';

export async function wordDiff(before: string, after: string, theme: Theme, onTerminal: boolean): Promise<string> {
  // An ES module bundled: its import() may hold the exports under default.
  const module = (await importDiff()) as typeof import('diff') & { default?: typeof import('diff') };
  const { diffWords } = module.default ?? module;
  return diffWords(escapeControlsKeepLines(before), escapeControlsKeepLines(after))
    .map((part) => {
      if (part.added) return onTerminal ? theme.success(part.value) : `{+${part.value}+}`;
      if (part.removed) return onTerminal ? theme.error(part.value) : `[-${part.value}-]`;
      return part.value;
    })
    .join('');
}
