// inquirer draws each state of a question in one write: cursor moves that erase the frame
// before, then the new frame. Only it knows where the frame is, and it draws again only when
// its state changes; after Ctrl-Z and `fg` the shell has printed below the question, so the
// question would stay hidden until the next key. Keeping the last frame lets us draw it again,
// at the cursor, exactly as inquirer left it: its next erase then removes that copy. A frame of
// several lines (a list to pick from) leaves the cursor on its question line: on Ctrl-Z the cursor
// goes below the frame first, or the shell's "Stopped" would be written over the list's lines.
import { Writable } from 'node:stream';

/** The erase that opens a frame: cursor down/up/left and whole-line erases, nothing else. */
// eslint-disable-next-line no-control-regex -- escape sequences are what it matches
const ERASE_BEFORE_FRAME = /^(?:\u001B\[\d*[ABG]|\u001B\[2K)*/;
// eslint-disable-next-line no-control-regex -- escape sequences are what it matches
const CURSOR_MOVE_ONLY = /^\u001B\[\d*G$/;
/** The move back up to the question line that ends a frame of several lines: how many lines it went up. */
// eslint-disable-next-line no-control-regex -- escape sequences are what it matches
const BACK_UP_AT_END = /\u001B\[(\d+)A(?:\u001B\[\d*G)?$/;

export interface FrameKeeper {
  /** Give this to inquirer as its output; it ends it after each question, the target stays open. */
  output: NodeJS.WritableStream;
  /** Draw the last frame again where the cursor is now. */
  redraw(): void;
  /** Put the cursor on the last frame's last line, so that what the shell prints on Ctrl-Z comes below it. */
  leave(): void;
}

export function keepFrames(target: NodeJS.WritableStream): FrameKeeper {
  let lastFrame = '';
  const terminal = target as NodeJS.WriteStream;
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const text = chunk.toString();
      const frame = text.replace(ERASE_BEFORE_FRAME, '');
      if (frame && !CURSOR_MOVE_ONLY.test(frame)) lastFrame = frame; // a lone cursor move is not a frame
      target.write(chunk, () => done());
    },
  });
  // inquirer measures the terminal through its output: answer with the real one's.
  for (const key of ['isTTY', 'columns', 'rows'] as const) {
    Object.defineProperty(output, key, { get: () => terminal[key] });
  }
  return {
    output,
    redraw() {
      if (lastFrame) target.write(lastFrame);
    },
    leave() {
      const below = Number(BACK_UP_AT_END.exec(lastFrame)?.[1] ?? 0);
      if (below > 0) target.write(`\u001B[${below}B`);
    },
  };
}
