// Reading a file the user named, or stdin for "-", with a clear error when it cannot be read.
// Files that describe something (agent fields, provisioning, schemas) must be UTF-8: a stray
// byte is exit 2 with its offset. An input for the model is read leniently, with a warning.
import { createReadStream, fstatSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { PassThrough } from 'node:stream';
import type { InputStream } from '../deps.js';
import { CliError } from '../errors.js';

import { MAX_INPUT_BYTES } from './limits.js';

const tooLarge = (what: string) =>
  new CliError('usage', `${what} is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB; refusing to read it`);

async function readAllBytes(stream: InputStream, what = 'stdin'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_INPUT_BYTES) throw tooLarge(what);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export async function readAll(stream: InputStream): Promise<string> {
  return (await readAllBytes(stream)).toString('utf8');
}

async function readBytes(path: string, stdin: InputStream, flag: string): Promise<Buffer> {
  if (path === '-') return readAllBytes(stdin, `${flag} -`);
  try {
    // Read in pieces up to the cap: a device or a fifo reports no size to check first. (The size of
    // a piece is speed only.)
    // Stryker disable next-line ObjectLiteral,ArithmeticOperator: the piece size changes no result
    return await readAllBytes(createReadStream(path, { highWaterMark: 1024 * 1024 }), `${flag} ${path}`);
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    throw new CliError('usage', `cannot read ${flag} ${path}: ${reason}`);
  }
}

/** A file's text, which must be UTF-8 (exit 2 naming the byte offset otherwise). */
export async function readFileOrStdin(path: string, stdin: InputStream, flag: string): Promise<string> {
  const bytes = await readBytes(path, stdin, flag);
  const offset = invalidUtf8Offset(bytes);
  if (offset !== undefined) {
    throw new CliError(
      'usage',
      // The walk stops only at a byte of 0x80 or more: two hex digits.
      `${flag} ${path === '-' ? 'stdin' : path} is not valid UTF-8: byte 0x${bytes[offset]!.toString(16)} at offset ${offset}`,
    );
  }
  return bytes.toString('utf8');
}

/** An input's text; invalid UTF-8 becomes U+FFFD, and warn says where. */
export function decodeInput(bytes: Buffer, what: string, warn: (message: string) => void): string {
  const offset = invalidUtf8Offset(bytes);
  if (offset !== undefined)
    warn(
      `${what} is not valid UTF-8 (first bad byte at offset ${offset}); sending it with U+FFFD in place of bad bytes`,
    );
  return bytes.toString('utf8');
}

export async function readInputFile(
  path: string,
  stdin: InputStream,
  flag: string,
  warn: (message: string) => void,
): Promise<string> {
  return decodeInput(await readBytes(path, stdin, flag), `${flag} ${path === '-' ? 'stdin' : path}`, warn);
}

/** Where piped input comes from: the stream, made when read, and the process's own descriptor. */
export interface StdinSource {
  readonly stdin: InputStream;
  readonly stdinIsTerminal: boolean;
  readonly stdinFd: number | undefined;
}

/** How long a socket on stdin may stay silent before it is taken for an inherited, idle one. */
const SOCKET_GRACE_MS = 250;

/**
 * Text piped into stdin, or undefined when stdin is a terminal or empty. When the input may
 * also come from elsewhere (an argument), stdin must not make the command wait forever: a
 * pipe (`git diff | agents …`) or a file is read whole, /dev/null is skipped, and a socket
 * (stdin of a process spawned from Node, or a CI runner's idle one) only if it speaks promptly.
 */
export async function pipedStdin(source: StdinSource, onlyPipeOrFile: boolean): Promise<Buffer | undefined> {
  if (source.stdinIsTerminal) return undefined;
  // The descriptor first: /dev/null or a terminal is known without making the stream.
  const fd = source.stdinFd ?? (source.stdin as { fd?: unknown }).fd;
  if (onlyPipeOrFile && typeof fd === 'number') {
    const info = fstatSync(fd);
    if (info.isSocket()) return readIfPrompt(source.stdin);
    if (!info.isFIFO() && !(info.isFile() && info.size > 0)) return undefined;
  }
  const bytes = await readAllBytes(source.stdin);
  return bytes.length > 0 ? bytes : undefined;
}

async function readIfPrompt(stdin: InputStream): Promise<Buffer | undefined> {
  const chunks = stdin[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<'silent'>((resolve) => (timer = setTimeout(() => resolve('silent'), SOCKET_GRACE_MS)));
  const first = await Promise.race([chunks.next(), silent]);
  clearTimeout(timer);
  if (first === 'silent') {
    // Stryker disable next-line OptionalChaining: every stream the CLI reads has destroy()
    (stdin as { destroy?: () => void }).destroy?.(); // let go of it, or the process would wait on it
    return undefined;
  }
  const parts: Buffer[] = [];
  let size = 0;
  for (let next = first; !next.done; next = await chunks.next()) {
    size += (next.value as Uint8Array).length;
    if (size > MAX_INPUT_BYTES) throw tooLarge('stdin');
    parts.push(Buffer.from(next.value as Uint8Array));
  }
  const bytes = Buffer.concat(parts);
  return bytes.length > 0 ? bytes : undefined;
}

/** The offset of the first byte that is not part of valid UTF-8, or undefined. */
function invalidUtf8Offset(bytes: Uint8Array): number | undefined {
  // Stryker disable next-line ConditionalExpression: the walk below finds no bad byte in valid text either; this is its fast path
  if (isUtf8(bytes)) return undefined;
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    // The length a sequence with this lead has when it is valid. isUtf8 on those bytes rejects the
    // rest: a byte that leads nothing, overlong forms, surrogates, past U+10FFFF, a cut-off sequence.
    const length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    if (!isUtf8(bytes.subarray(i, i + length))) return i;
    i += length;
  }
  return undefined;
}

/**
 * The lines of a stream (chat's piped turns), each held to the same cap as a whole input: a stream
 * with no line break in sight (/dev/zero) ends in exit 2 within the cap, not in a process that
 * grows until it dies. A final line without its line break is a line.
 */
export async function* readLines(stream: InputStream, what = 'a line on stdin'): AsyncGenerator<string> {
  // Bytes until a line is whole: a line is decoded once, and the cap counts bytes, not characters.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const line = (last: Buffer) =>
    Buffer.concat([...pending, last])
      .toString('utf8')
      .replace(/\r$/, '');
  for await (const chunk of stream) {
    let bytes = Buffer.from(chunk);
    for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a)) {
      yield line(bytes.subarray(0, at));
      pending = [];
      pendingBytes = 0;
      bytes = bytes.subarray(at + 1);
    }
    pendingBytes += bytes.length;
    if (pendingBytes > MAX_INPUT_BYTES) throw tooLarge(what);
    pending.push(bytes);
  }
  if (pendingBytes > 0) yield line(Buffer.alloc(0));
}

/**
 * The stream in whole lines, for a reader that keeps a line whole before it sees it (the MCP SDK's
 * stdio transport): a line is held here, in pieces, until its line break comes, and one past the
 * cap of every input ends the stream with that error, so stdin that never ends a line cannot grow
 * the process; so does a read that fails. `endedEarly` settles when either happens; `failed` says why.
 */
export function lineCapped(
  stream: InputStream,
  what: string,
): {
  stream: NodeJS.ReadableStream;
  failed(): CliError | undefined;
  endedEarly: Promise<CliError>;
  /** Stops reading the input (Ctrl-C): a client that keeps it open must not keep the process. */
  stop(): void;
} {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let failure: CliError | undefined;
  let endEarly: (error: CliError) => void = () => undefined;
  const endedEarly = new Promise<CliError>((resolve) => (endEarly = resolve));
  const fail = (error: CliError) => {
    failure = error;
    endEarly(error);
  };
  const lines = new PassThrough();
  let stopped = false;
  const forward = async (bytes: Buffer) => {
    if (!lines.write(bytes)) await new Promise((resolve) => lines.once('drain', resolve));
  };
  void (async () => {
    try {
      for await (const chunk of stream) {
        const bytes = Buffer.from(chunk);
        const lastBreak = bytes.lastIndexOf(0x0a);
        if (lastBreak !== -1) {
          await forward(Buffer.concat([...held, bytes.subarray(0, lastBreak + 1)]));
          held = [];
          heldBytes = 0;
        }
        const rest = bytes.subarray(lastBreak + 1);
        heldBytes += rest.length;
        if (heldBytes > MAX_INPUT_BYTES) return fail(tooLarge(what));
        held.push(rest);
      }
      await forward(Buffer.concat(held)); // empty after a last line break: a stream passes no empty piece on
    } catch (error) {
      // The read that stopping cuts short is no failure; any other ends the input with its reason.
      if (!stopped) fail(new CliError('usage', `cannot read ${what}: ${(error as Error).message}`));
    } finally {
      lines.end();
    }
  })();
  return {
    stream: lines,
    failed: () => failure,
    endedEarly,
    stop: () => {
      stopped = true;
      // Stryker disable next-line OptionalChaining: every stream the CLI reads has destroy()
      (stream as { destroy?: () => void }).destroy?.();
    },
  };
}
