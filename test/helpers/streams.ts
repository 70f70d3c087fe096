// Captured stdout/stderr and a scripted stdin for running commands in-process.
import { PassThrough, Readable } from 'node:stream';
import type { Deps, OutputStream } from '../../src/deps.js';

/** A stream the program writes to, whose text a test reads, or waits on (test/helpers/until.ts). */
export type CapturedStream = PassThrough & OutputStream & { text(): string };

export function captureStream(isTTY = false, onText?: (text: string) => void): CapturedStream {
  const chunks: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    chunks.push(chunk.toString('utf8'));
    onText?.(chunk.toString('utf8'));
  });
  return Object.assign(stream, { isTTY, text: () => chunks.join('') });
}

export function stdinFrom(text?: string, isTTY = false): Deps['stdin'] {
  const stream = Readable.from(text === undefined ? [] : [Buffer.from(text)]);
  return Object.assign(stream, { isTTY });
}
