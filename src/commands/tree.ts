// The commands of the registry as a tree of words (`tools list` under `tools`): what commander's
// program, help and shell completion are each built from.
import type { Command } from './command.js';

/** A command group without a run of its own (`tools`, `keys`): what its help says. */
export interface Group {
  summary: string;
  /** Its help page's text, when longer than the summary. */
  description?: string;
  examples: readonly string[];
}

export interface Node {
  name: string;
  path: string;
  command?: Command;
  group?: Group;
  children: Node[];
}

/** The commands as a tree of words: `tools list` under `tools`, in the registry's order. */
export function commandTree(commands: readonly Command[], groups: Readonly<Record<string, Group>>): Node {
  const root: Node = { name: 'agents', path: '', children: [] };
  const nodeAt = (path: string): Node => {
    const words = path.split(' ');
    let node = root;
    words.forEach((name, index) => {
      const at = words.slice(0, index + 1).join(' ');
      let child = node.children.find((c) => c.name === name);
      if (!child) {
        child = { name, path: at, children: [], group: groups[at] };
        node.children.push(child);
      }
      node = child;
    });
    return node;
  };
  for (const command of commands) nodeAt(command.path).command = command;
  return root;
}
