// The one reader of what the user hands the CLI (a file, stdin, chat's lines, MCP's stdin): its
// cap, its UTF-8 rules with the offset of the first bad byte, and its refusals in words.
import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { createServer, connect as connectTo, type AddressInfo, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { InputStream } from '../deps.js';
import { MAX_INPUT_BYTES } from './limits.js';
import {
  decodeInput,
  lineCapped,
  pipedStdin,
  readAll,
  readFileOrStdin,
  readInputFile,
  readLines,
} from './read-input.js';

const stream = (...chunks: Array<string | Buffer>): InputStream => Readable.from(chunks);
/** `extra` bytes past the cap (1 MiB pieces of one buffer, a piece of `extra` bytes last), as one line. */
const pastTheCap = (extra = 1024 * 1024): InputStream => {
  const mebibyte = Buffer.alloc(1024 * 1024, 0x61);
  const pieces = Array.from({ length: MAX_INPUT_BYTES / mebibyte.length }, () => mebibyte);
  return Readable.from(extra > 0 ? [...pieces, mebibyte.subarray(0, extra)] : pieces);
};
/** A usage error (exit 2) with this message. */
const usage = (message: string | RegExp) =>
  expect.objectContaining({ exitCode: 2, message: expect.stringMatching(message) });
const folder = () => mkdtempSync(join(tmpdir(), 'agents-read-input-'));
const lines = async (input: InputStream) => {
  const seen: string[] = [];
  for await (const line of readLines(input)) seen.push(line);
  return seen;
};

describe('a file or stdin', () => {
  it('reads a file, or stdin for "-", whole', async () => {
    const file = join(folder(), 'a.yaml');
    writeFileSync(file, 'name: é\n');
    expect(await readFileOrStdin(file, stream(), '-f')).toBe('name: é\n');
    expect(await readFileOrStdin('-', stream('na', Buffer.from('me')), '-f')).toBe('name');
    expect(await readAll(stream('a', 'b'))).toBe('ab');
  });

  it('says in words why a path cannot be read', async () => {
    const dir = folder();
    await expect(readFileOrStdin(join(dir, 'none.yaml'), stream(), '-f')).rejects.toEqual(
      usage(`cannot read -f ${join(dir, 'none.yaml')}: no such file`),
    );
    await expect(readFileOrStdin(dir, stream(), '--input-file')).rejects.toThrow(
      `cannot read --input-file ${dir}: it is a folder`,
    );
  });

  it('names what a file is when it cannot be read for another reason, and refuses a device past the cap by its path', async () => {
    const file = join(folder(), 'plain.txt');
    writeFileSync(file, 'x');
    // A path through a file: neither missing nor a folder, so the system's own words.
    await expect(readFileOrStdin(join(file, 'under'), stream(), '-f')).rejects.toEqual(
      usage(`^cannot read -f ${join(file, 'under')}: ENOTDIR: not a directory`),
    );
    // A device reports no size: read to the cap, then refused as itself, not as "cannot read".
    await expect(readFileOrStdin('/dev/zero', stream(), '-f')).rejects.toEqual(
      usage(/^-f \/dev\/zero is larger than 16 MiB; refusing to read it$/),
    );
  });

  it('reads exactly the cap, and refuses one byte more (exit 2)', async () => {
    expect((await readAll(pastTheCap(0))).length).toBe(MAX_INPUT_BYTES);
    await expect(readAll(pastTheCap(1))).rejects.toEqual(usage(/^stdin is larger than 16 MiB; refusing to read it$/));
    expect((await lines(pastTheCap(0)))[0]!.length).toBe(MAX_INPUT_BYTES);
    await expect(lines(pastTheCap(1))).rejects.toEqual(usage(/^a line on stdin is larger than 16 MiB/));
    const capped = lineCapped(pastTheCap(0), 'a message');
    let read = 0;
    for await (const piece of capped.stream) read += (piece as Buffer).length;
    expect([read, capped.failed()]).toEqual([MAX_INPUT_BYTES, undefined]);
  });

  it('refuses more than the cap, naming what it read', async () => {
    await expect(readFileOrStdin('-', pastTheCap(), '-f')).rejects.toThrow(
      `-f - is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB; refusing to read it`,
    );
    await expect(readAll(pastTheCap())).rejects.toThrow(/^stdin is larger than 16 MiB/);
  });

  it('refuses a file that is not UTF-8, naming the first bad byte and its offset', async () => {
    const cases: Array<[number[], string]> = [
      [[0x61, 0xff], 'byte 0xff at offset 1'], // never valid
      [[0x61, 0x62, 0xc0, 0x80], 'byte 0xc0 at offset 2'], // an overlong two-byte form
      [[0xe2, 0x82], 'byte 0xe2 at offset 0'], // a three-byte sequence cut off
      [[0xc3, 0xa9, 0xed, 0xa0, 0x80], 'byte 0xed at offset 2'], // a surrogate
      [[0xf0, 0x9f, 0x98, 0x80, 0xf5], 'byte 0xf5 at offset 4'], // past the last code point
      [[0x80], 'byte 0x80 at offset 0'], // a continuation with no lead
      [[0xe2, 0x28, 0xa1], 'byte 0xe2 at offset 0'], // a lead whose next byte is no continuation
      // Each lead at the edge of its range, whole, then a bad byte: the offset is past the sequence.
      [[0xc2, 0xa9, 0xff], 'byte 0xff at offset 2'],
      [[0xdf, 0xbf, 0xff], 'byte 0xff at offset 2'],
      [[0xe0, 0xa0, 0x80, 0xff], 'byte 0xff at offset 3'],
      [[0xef, 0xbf, 0xbf, 0xff], 'byte 0xff at offset 3'],
      [[0xf0, 0x90, 0x80, 0x80, 0xff], 'byte 0xff at offset 4'],
      [[0xf4, 0x8f, 0xbf, 0xbf, 0xff], 'byte 0xff at offset 4'],
      [[0x7f, 0xc1, 0xbf], 'byte 0xc1 at offset 1'], // the last one-byte form, then an overlong lead
    ];
    for (const [bytes, said] of cases)
      await expect(readFileOrStdin('-', stream(Buffer.from(bytes)), '-f')).rejects.toEqual(
        usage(`^-f stdin is not valid UTF-8: ${said.replace(/[()]/g, '\\$&')}$`),
      );
    const file = join(folder(), 'bad.yaml');
    writeFileSync(file, Buffer.from([0x61, 0xfe]));
    await expect(readFileOrStdin(file, stream(), '-f')).rejects.toThrow(
      `-f ${file} is not valid UTF-8: byte 0xfe at offset 1`,
    );
  });

  it('sends an input for the model that is not UTF-8 with U+FFFD, and says where', async () => {
    const warnings: string[] = [];
    const text = await readInputFile('-', stream(Buffer.from([0x68, 0x69, 0xff])), '--input-file', (w) =>
      warnings.push(w),
    );
    expect(text).toBe('hi\uFFFD');
    expect(warnings).toEqual([
      '--input-file stdin is not valid UTF-8 (first bad byte at offset 2); sending it with U+FFFD in place of bad bytes',
    ]);
    expect(decodeInput(Buffer.from('fine'), 'x', (w) => warnings.push(w))).toBe('fine');
    expect(warnings).toHaveLength(1);
    const file = join(folder(), 'input.txt');
    writeFileSync(file, Buffer.from([0x6f, 0x6b, 0xc0]));
    expect(await readInputFile(file, stream(), '--input-file', (w) => warnings.push(w))).toBe('ok\uFFFD');
    expect(warnings[1]).toBe(
      `--input-file ${file} is not valid UTF-8 (first bad byte at offset 2); sending it with U+FFFD in place of bad bytes`,
    );
  });
});

describe('piped stdin', () => {
  const source = (stdin: InputStream, extra: { stdinIsTerminal?: boolean; stdinFd?: number } = {}) => ({
    stdin,
    stdinIsTerminal: extra.stdinIsTerminal ?? false,
    stdinFd: extra.stdinFd,
  });

  it('is nothing on a terminal, nothing when empty, else the bytes', async () => {
    expect(await pipedStdin(source(stream('typed'), { stdinIsTerminal: true }), false)).toBeUndefined();
    expect(await pipedStdin(source(stream()), false)).toBeUndefined();
    expect((await pipedStdin(source(stream('a', 'b')), false))?.toString()).toBe('ab');
  });

  it('when the input may come from elsewhere: a file with something in it is read, an empty file or /dev/null is not', async () => {
    const file = join(folder(), 'piped.txt');
    writeFileSync(file, 'from a file');
    const full = openSync(file, 'r');
    const nothing = openSync('/dev/null', 'r');
    const emptyFile = join(folder(), 'empty');
    writeFileSync(emptyFile, '');
    const empty = openSync(emptyFile, 'r');
    try {
      expect((await pipedStdin(source(stream('from a file'), { stdinFd: full }), true))?.toString()).toBe(
        'from a file',
      );
      // Not read at all: the stream fails if it is.
      const untouched = () =>
        new Readable({
          read: () => {
            throw new Error('read');
          },
        });
      expect(await pipedStdin(source(untouched(), { stdinFd: nothing }), true)).toBeUndefined();
      expect(await pipedStdin(source(untouched(), { stdinFd: empty }), true)).toBeUndefined();
    } finally {
      for (const fd of [full, nothing, empty]) closeSync(fd);
    }
  });

  it('a socket (stdin of a process spawned from Node) is read when it speaks at once, let go when it stays silent', async () => {
    const servers = [
      createServer((peer) => peer.end('spoken')),
      createServer(() => undefined),
      createServer((peer) => peer.end()),
      createServer((peer) => peer.end(Buffer.alloc(MAX_INPUT_BYTES + 1, 0x61))),
    ];
    for (const server of servers) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socketTo = async (server: Server) => {
      const socket = connectTo((server.address() as AddressInfo).port, '127.0.0.1');
      await once(socket, 'connect');
      return { socket, fd: (socket as unknown as { _handle: { fd: number } })._handle.fd };
    };
    try {
      const speaking = await socketTo(servers[0]!);
      expect((await pipedStdin(source(speaking.socket, { stdinFd: speaking.fd }), true))?.toString()).toBe('spoken');
      // Silent past the grace: taken for an inherited, idle stdin, and let go so the process can end.
      const idle = await socketTo(servers[1]!);
      expect(await pipedStdin(source(idle.socket, { stdinFd: idle.fd }), true)).toBeUndefined();
      expect(idle.socket.destroyed).toBe(true);
      // Closed at once with nothing said: nothing, as an empty pipe.
      const closed = await socketTo(servers[2]!);
      expect(await pipedStdin(source(closed.socket, { stdinFd: closed.fd }), true)).toBeUndefined();
      // Held to the cap as every input is.
      const flood = await socketTo(servers[3]!);
      await expect(pipedStdin(source(flood.socket, { stdinFd: flood.fd }), true)).rejects.toEqual(
        usage(/^stdin is larger than 16 MiB; refusing to read it$/),
      );
    } finally {
      for (const server of servers) server.close();
    }
  });
});

describe("chat's lines", () => {
  it('are split on LF across pieces, a CR before it dropped, a last line without its break kept', async () => {
    expect(await lines(stream('one\r\ntw', 'o\n', '\nthree'))).toEqual(['one', 'two', '', 'three']);
    // Only a CR that ends a line goes: one inside it is the line's.
    expect(await lines(stream('a\rb\r\n'))).toEqual(['a\rb']);
    expect(await lines(stream('é'.slice(0, 1), Buffer.from([0x0a])))).toEqual(['é']);
    expect(await lines(stream())).toEqual([]);
  });

  it('end in an error when one line passes the cap, naming what was read', async () => {
    await expect(lines(pastTheCap())).rejects.toThrow(/^a line on stdin is larger than 16 MiB/);
  });
});

describe('whole lines for the MCP reader', () => {
  const read = async (capped: ReturnType<typeof lineCapped>) => {
    const pieces: string[] = [];
    for await (const piece of capped.stream) pieces.push(String(piece));
    return pieces;
  };

  it('holds a line until its break comes, and passes what ends the input', async () => {
    const capped = lineCapped(stream('{"a":', '1}\n{"b"', ':2}\n', 'tail'), 'a message');
    const pieces = await read(capped);
    expect(pieces.join('')).toBe('{"a":1}\n{"b":2}\ntail');
    // No piece but the input's end stops inside a line.
    expect(pieces.slice(0, -1).every((piece) => piece.endsWith('\n'))).toBe(true);
    expect(pieces.at(-1)).toBe('tail');
    expect(capped.failed()).toBeUndefined();
    // An input that ends with its line break leaves nothing held: no empty piece after it.
    expect(await read(lineCapped(stream('{"c":3}', '\n'), 'a message'))).toEqual(['{"c":3}\n']);
  });

  it('ends the stream with the error when one line passes the cap', async () => {
    const capped = lineCapped(pastTheCap(), 'a message on stdin');
    expect(await read(capped)).toEqual([]);
    const error = await capped.endedEarly;
    expect(error.message).toMatch(/^a message on stdin is larger than 16 MiB/);
    expect(capped.failed()).toBe(error);
  });

  it('ends the stream with the reason when the input cannot be read', async () => {
    const input = new Readable({ read: () => undefined });
    const capped = lineCapped(input, 'a message on stdin');
    input.destroy(new Error('EIO: i/o error, read'));
    expect(await read(capped)).toEqual([]);
    const error = await capped.endedEarly;
    expect(error).toEqual(usage(/^cannot read a message on stdin: EIO: i\/o error, read$/));
    expect(capped.failed()).toBe(error);
  });

  it('stops reading when told (Ctrl-C), and ends the stream', async () => {
    const input = new Readable({ read: () => undefined });
    const capped = lineCapped(input, 'a message');
    input.push('{"a":1}\n');
    capped.stop();
    expect(await read(capped)).toEqual([]);
    expect(input.destroyed).toBe(true);
    expect(capped.failed()).toBeUndefined();
  });
});
