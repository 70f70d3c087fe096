// The terminal side of `agents chat`: the prompt, and the keyboard while an answer streams.
// A readline interface exists only while the prompt is up. During an answer nothing else owns the
// screen: a resize redraws no prompt into it, keys typed are not echoed into it but kept as the
// start of the next input, Ctrl-C stops the reply, and Ctrl-Z suspends and resumes where it was.
// A multi-line paste (bracketed paste) is one turn, sent when Enter is pressed after it.
import { createInterface, emitKeypressEvents, type Interface } from 'node:readline';

const BRACKETED_PASTE_ON = '\u001b[?2004h';
const BRACKETED_PASTE_OFF = '\u001b[?2004l';
const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';
const CTRL_C = 0x03;
const CTRL_Z = 0x1a;

type Input = NodeJS.ReadStream;
type Output = NodeJS.WriteStream;

/** What the person did at the prompt. */
export type PromptResult = { kind: 'line'; text: string } | { kind: 'interrupt' } | { kind: 'eof' };

export class TerminalTurns {
  /** Keys typed while an answer streamed, given to the next prompt. */
  private typeahead: Buffer[] = [];
  private history: string[] = [];

  constructor(
    private readonly input: Input,
    private readonly output: Output,
    private readonly prompt: string,
  ) {
    emitKeypressEvents(input);
  }

  /** One input at the prompt: a line (a pasted block is one), Ctrl-C, or Ctrl-D. */
  read(): Promise<PromptResult> {
    const lines = createInterface({
      input: this.input,
      output: this.output,
      terminal: true,
      history: this.history,
      historySize: 1000,
    });
    lines.on('history', (history: string[]) => (this.history = history));
    this.output.write(BRACKETED_PASTE_ON);
    const pasted: string[] = [];
    let pasting = false;
    const onKey = (_text: string | undefined, key: { sequence?: string } | undefined) => {
      if (key?.sequence === PASTE_START) pasting = true;
      else if (key?.sequence === PASTE_END) pasting = false;
    };
    this.input.on('keypress', onKey);
    return new Promise<PromptResult>((resolve) => {
      let finished = false;
      const finish = (result: PromptResult) => {
        if (finished) return; // closing the interface below says 'close' once more
        finished = true;
        this.input.off('keypress', onKey);
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
      lines.on('close', () => finish({ kind: 'eof' }));
      lines.setPrompt(this.prompt);
      lines.prompt();
      if (this.typeahead.length > 0) {
        const keys = Buffer.concat(this.typeahead).toString('utf8');
        this.typeahead = [];
        lines.write(keys);
      }
    });
  }

  /**
   * Holds the keyboard while an answer streams: Ctrl-C calls `stop`, Ctrl-Z suspends the process,
   * any other key is kept, unseen, for the next prompt. The returned function lets go.
   */
  duringAnswer(stop: () => void): () => void {
    const setRaw = (on: boolean) => this.input.setRawMode?.(on);
    setRaw(true);
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      const kept = bytes.filter((byte) => byte !== CTRL_C && byte !== CTRL_Z);
      if (bytes.includes(CTRL_C)) stop();
      if (bytes.includes(CTRL_Z)) suspend(setRaw);
      if (kept.length > 0) this.typeahead.push(Buffer.from(kept));
    };
    this.input.on('data', onData);
    this.input.resume();
    return () => {
      this.input.off('data', onData);
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
