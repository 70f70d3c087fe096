// On GitHub Actions the runner reads every line of a step's output that starts with "::" (after
// spaces) as a workflow command. Text from a service or an eval file that starts a line of ours (a
// case name in a table, a detail under an error) could forge an annotation, add a mask or stop
// the runner reading commands at all. There, a zero-width space goes before a colon that starts a
// line: the line reads the same and is no command. The CLI's own annotations pass untouched.
import type { OutputStream } from '../deps.js';
import { overlayStream } from '../ui/stream-overlay.js';

const MARK = '\u200b';

/** Whether workflow commands in the output would be read: GitHub Actions. */
export const readsWorkflowCommands = (env: Record<string, string | undefined>) => env.GITHUB_ACTIONS === 'true';

/** Whole lines of text, each that would start with ":" given the mark. */
export function guardLines(text: string): string {
  return text.replace(/^([ \t]*):/gm, `$1${MARK}:`);
}

export type CommandGuarded<T> = T & {
  /** A workflow command of the CLI's own, written as it is. */
  writeCommand(line: string): void;
};

/** The stream with every line start guarded, across writes (a prompt writes a line in pieces). */
export function commandGuardedStream<T extends OutputStream>(stream: T): CommandGuarded<T> {
  const streamWrite = stream.write.bind<OutputStream['write']>(stream);
  const decoder = new TextDecoder();
  let atStart = true; // only spaces so far on this line
  const guard = (text: string) => {
    let out = '';
    for (const char of text) {
      if (atStart && char === ':') out += MARK;
      if (char === '\n') atStart = true;
      else if (char !== ' ' && char !== '\t') atStart = false;
      out += char;
    }
    return out;
  };
  const write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    const text = guard(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    const callback = rest.find((arg): arg is (error?: Error | null) => void => typeof arg === 'function');
    return callback ? streamWrite(text, callback) : streamWrite(text);
  };
  const writeCommand = (line: string) => {
    streamWrite(`${atStart ? '' : '\n'}${line}\n`);
    atStart = true;
  };
  return overlayStream(stream, { write, writeCommand }) as CommandGuarded<T>;
}

/** Writes a workflow command of the CLI's own: past the guard when the stream has one. */
export function writeCommand(stream: OutputStream, line: string): void {
  const guarded = stream as Partial<CommandGuarded<OutputStream>>;
  if (typeof guarded.writeCommand === 'function') guarded.writeCommand(line);
  else stream.write(`${line}\n`);
}
