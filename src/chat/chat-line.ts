// What a line typed into `agents chat` means. Slash commands are answered locally and never
// sent to the agent; `//text` sends text that starts with a slash.

export type ChatLine =
  | { kind: 'empty' }
  | { kind: 'send'; text: string }
  | { kind: 'command'; name: 'help' | 'new' | 'exit' }
  | { kind: 'unknown-command'; word: string };

const COMMANDS: Record<string, 'help' | 'new' | 'exit'> = {
  '/help': 'help',
  '/?': 'help',
  '/new': 'new',
  '/exit': 'exit',
  '/quit': 'exit',
};

export const CHAT_HELP = [
  '/new     start a fresh session (the agent forgets this conversation)',
  '/exit    leave (also /quit, Ctrl-D, or Ctrl-C twice at the prompt)',
  '/help    this list',
  '//text   send text that starts with a slash',
  'Ctrl-C during a reply stops the reply; the chat goes on.',
].join('\n');

export function readChatLine(raw: string): ChatLine {
  const trimmed = raw.trim();
  if (!trimmed) return { kind: 'empty' };
  if (trimmed.startsWith('//')) return { kind: 'send', text: raw.replace('/', '') };
  if (!trimmed.startsWith('/')) return { kind: 'send', text: raw };
  const word = trimmed.split(/\s/, 1)[0]!;
  const name = COMMANDS[word.toLowerCase()];
  return name ? { kind: 'command', name } : { kind: 'unknown-command', word };
}
