// The terminal side of `agents chat`: the prompt, and the keyboard while an answer streams.
// A readline interface exists only while the prompt is up. During an answer nothing else owns the
// screen: a resize redraws no prompt into it, keys typed are not echoed into it but kept (each Enter
// a turn of its own, sent in order and shown when its turn comes; the rest starts the next input),
// Ctrl-C stops the reply, and Ctrl-Z suspends and resumes where it was. A multi-line paste
// (bracketed paste) is one turn, sent when Enter is pressed after it; lines pasted without brackets
// are a turn each. Ctrl-D with text waiting sends the text, then leaves.
import { createInterface, emitKeypressEvents, type Interface } from 'node:readline';
import { TypedAhead, type Key } from './typed-ahead.js';

const BRACKETED_PASTE_ON = '\u001b[?2004h';
const BRACKETED_PASTE_OFF = '\u001b[?2004l';
const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';

type Input = NodeJS.ReadStream;
type Output = NodeJS.WriteStream;

/** What the person did at the prompt. */
export type PromptResult = { kind: 'line'; text: string } | { kind: 'interrupt' } | { kind: 'eof' };

export class TerminalTurns {
  /** Keys no prompt read: typed during an answer, or after the Enter that ended a prompt's turn. */
  private readonly typed = new TypedAhead();
  private history: string[] = [];
  /** While a prompt is up, what it needs to see of each key before readline does. */
  private atPrompt: ((key: Key) => void) | undefined;
  /** While an answer streams, how Ctrl-C stops it. */
  private stopAnswer: (() => void) | undefined;

  constructor(
    private readonly input: Input,
    private readonly output: Output,
    private readonly prompt: string,
  ) {
    emitKeypressEvents(input);
    // Registered before any readline interface, so each key reaches this listener first.
    input.on('keypress', this.onKey);
    input.pause();
  }

  private readonly onKey = (text: string | undefined, key: Key | undefined) => {
    if (this.atPrompt) return this.atPrompt(key ?? {});
    if (this.stopAnswer && key?.ctrl && key.name === 'c') return this.stopAnswer();
    if (this.stopAnswer && key?.ctrl && key.name === 'z') return suspend((on) => this.input.setRawMode?.(on));
    this.typed.key(text, key);
  };

  /** One input: a turn typed ahead, or one at the prompt (a pasted block is one), Ctrl-C, or Ctrl-D. */
  read(): Promise<PromptResult> {
    for (let next = this.typed.take(); next; next = this.typed.take()) {
      if (next.kind === 'eof') return Promise.resolve(next);
      if (!next.text.trim()) continue;
      // Shown once, when its turn comes: it was not echoed while the answer before it streamed.
      this.output.write(`${this.prompt}${next.text}\n`);
      this.history = [next.text, ...this.history.filter((entry) => entry !== next.text)].slice(0, 1000);
      return Promise.resolve(next);
    }
    return this.openPrompt();
  }

  private openPrompt(): Promise<PromptResult> {
    const lines = createInterface({
      input: this.input,
      output: this.output,
      terminal: true,
      history: this.history,
      historySize: 1000,
    });
    lines.on('history', (history: string[]) => (this.history = history));
    this.output.write(BRACKETED_PASTE_ON);
    // A draft typed ahead may hold a paste's lines: they wait for Enter as a paste at the prompt does.
    const pasted = this.typed.takeDraft().split('\n');
    const draft = pasted.pop()!;
    let pasting = false;
    const pending = () => [...pasted, ...(lines.line ? [lines.line] : [])].join('\n');
    this.atPrompt = (key) => {
      if (key.sequence === PASTE_START) pasting = true;
      else if (key.sequence === PASTE_END) pasting = false;
      // Ctrl-D with text waiting: readline would drop a paste or ignore the key; close after it has seen
      // the key, and the close below sends the text.
      else if (key.ctrl && key.name === 'd' && pending() !== '') queueMicrotask(() => lines.close());
    };
    return new Promise<PromptResult>((resolve) => {
      let finished = false;
      const finish = (result: PromptResult) => {
        if (finished) return; // closing the interface below says 'close' once more
        finished = true;
        // Keys after this one (the rest of a paste, say) are typed ahead of the next turn.
        this.atPrompt = undefined;
        this.output.write(BRACKETED_PASTE_OFF);
        lines.close();
        resolve(result);
      };
      lines.on('line', (line: string) => {
        // Inside a paste, each line waits for the rest; the Enter after the paste sends them all.
        if (pasting) return void pasted.push(line);
        finish({ kind: 'line', text: [...pasted, line].join('\n') });
      });
      lines.on('SIGINT', () => {
        if (lines.line !== '' || pasted.length > 0) {
          pasted.length = 0;
          clearLine(lines);
          return;
        }
        finish({ kind: 'interrupt' });
      });
      // Ctrl-Z: readline suspends the process, and after `fg` pauses itself and says so; go on where it was.
      lines.on('SIGCONT', () => lines.resume());
      lines.on('close', () => {
        if (finished) return;
        const text = pending();
        if (text === '') return finish({ kind: 'eof' });
        this.output.write('\n');
        this.typed.end();
        finish({ kind: 'line', text });
      });
      lines.setPrompt(this.prompt);
      lines.prompt();
      if (draft) lines.write(draft);
    });
  }

  /**
   * Holds the keyboard while an answer streams: Ctrl-C calls `stop`, Ctrl-Z suspends the process,
   * any other key is kept, unseen, for the turns after it. The returned function lets go.
   */
  duringAnswer(stop: () => void): () => void {
    this.input.setRawMode?.(true);
    this.stopAnswer = stop;
    this.input.resume();
    return () => {
      this.stopAnswer = undefined;
      this.input.pause();
    };
  }
}

/** Stops the process as Ctrl-Z does at a shell (the terminal back in its normal mode), until `fg`. */
function suspend(setRaw: (on: boolean) => void): void {
  process.once('SIGCONT', () => setRaw(true));
  setRaw(false);
  process.kill(process.pid, 'SIGTSTP');
}

function clearLine(lines: Interface): void {
  lines.write(null, { ctrl: true, name: 'e' });
  lines.write(null, { ctrl: true, name: 'u' });
}
