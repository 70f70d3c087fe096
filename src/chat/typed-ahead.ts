// Keys that reach chat when no prompt reads them: typed while an answer streams, or the rest of a
// paste after its first line ended a turn. Each Enter ends a line and each line becomes its own turn,
// in order; a bracketed paste stays one turn; what has no Enter yet starts the next prompt.
// Pure: keys in (as node's readline decodes them), turns out.

export type Key = { name?: string; sequence?: string; ctrl?: boolean; meta?: boolean };
export type TypedTurn = { kind: 'line'; text: string } | { kind: 'eof' };

const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';
// eslint-disable-next-line no-control-regex -- a key whose text holds a control character is no text to keep
const CONTROL = /[\u0000-\u001f\u007f]/;

export class TypedAhead {
  private readonly turns: TypedTurn[] = [];
  private draft = '';
  private pasting = false;
  private afterReturn = false;

  /** One key. */
  key(text: string | undefined, key: Key = {}): void {
    const afterReturn = this.afterReturn;
    this.afterReturn = false;
    if (key.sequence === PASTE_START) this.pasting = true;
    else if (key.sequence === PASTE_END) this.pasting = false;
    else if (key.name === 'return' || key.name === 'enter') {
      // \r\n is one Enter, as readline takes it.
      if (key.name === 'enter' && afterReturn && !this.pasting) return;
      this.afterReturn = key.name === 'return';
      if (this.pasting) this.draft += '\n';
      else this.endLine();
    } else if (key.name === 'backspace') this.draft = [...this.draft].slice(0, -1).join('');
    else if (key.ctrl && key.name === 'u') this.draft = '';
    else if (key.ctrl && key.name === 'd') {
      // Ctrl-D leaves, but what was typed before it is sent first.
      if (this.draft) this.endLine();
      this.end();
    } else if (text && !key.ctrl && !key.meta && (key.name === 'tab' || !CONTROL.test(text))) this.draft += text;
  }

  /** Leave once the turns before this are sent (Ctrl-D at the prompt with text waiting). */
  end(): void {
    this.turns.push({ kind: 'eof' });
  }

  /** The next whole turn, oldest first. */
  take(): TypedTurn | undefined {
    return this.turns.shift();
  }

  /** What was typed without an Enter yet, to start the next prompt with; taking it clears it. */
  takeDraft(): string {
    const draft = this.draft;
    this.draft = '';
    return draft;
  }

  private endLine(): void {
    this.turns.push({ kind: 'line', text: this.draft });
    this.draft = '';
  }
}
