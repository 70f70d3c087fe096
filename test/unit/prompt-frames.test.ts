// The frame keeper behind the wizard's redraw after Ctrl-Z and `fg`: it passes every write through,
// draws the last frame again without the erase that opened it, and steps below it before the stop.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { keepFrames } from '../../src/ui/prompt-frames.js';

const ESC = '\u001B[';
/** A terminal stand-in that keeps what was written; drain() hands it over and starts afresh. */
function terminal(size: { columns?: number; rows?: number; isTTY?: boolean } = {}) {
  let written = '';
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    }),
    size,
  );
  const drain = () => {
    const text = written;
    written = '';
    return text;
  };
  return { stream, drain };
}

describe('keepFrames', () => {
  it('passes writes through and redraws the last frame without its leading erase', async () => {
    const { stream: target, drain } = terminal();
    const frames = keepFrames(target);
    const write = (text: string) => new Promise<void>((done) => frames.output.write(text, () => done()));
    await write('? Name ');
    await write(`${ESC}2K${ESC}1A${ESC}2K${ESC}G? Name Half${ESC}12G`);
    await write(`${ESC}5G`); // inquirer moving the cursor only: not a frame
    expect(drain()).toBe(`? Name ${ESC}2K${ESC}1A${ESC}2K${ESC}G? Name Half${ESC}12G${ESC}5G`);
    frames.redraw();
    expect(drain()).toBe(`? Name Half${ESC}12G`);
  });

  it('on leaving, puts the cursor on the last line of a frame of several lines; a one-line frame needs no move', async () => {
    const { stream: target, drain } = terminal();
    const frames = keepFrames(target);
    const write = (text: string) => new Promise<void>((done) => frames.output.write(text, () => done()));
    await write(`? Name Half${ESC}12G`);
    drain();
    frames.leave();
    expect(drain()).toBe('');
    await write(`${ESC}2K${ESC}G? LLM model\n❯ GPT_4\n  GPT_4_32K\n\n↑↓ navigate${ESC}4A${ESC}13G`);
    drain();
    frames.leave();
    expect(drain()).toBe(`${ESC}4B`);
  });

  it('draws nothing before the first frame, and answers with the terminal size', () => {
    const { stream: target, drain } = terminal({ columns: 91, rows: 7, isTTY: true });
    const frames = keepFrames(target);
    frames.redraw();
    expect(drain()).toBe('');
    const output = frames.output as unknown as { columns: number; rows: number; isTTY: boolean };
    expect([output.columns, output.rows, output.isTTY]).toEqual([91, 7, true]);
  });
});
