// `agents` for a shell script, answered by this test process: the shim on PATH hands its argv,
// environment, working folder and stdin to run() here (the program the binary runs, without the
// ~100 ms of starting Node for each command) and prints what it printed, with its exit code. The
// commands that keep running, `agents emulator` and `agents mcp serve`, start the real binary.
// Pure bash on the shell's side (its /dev/tcp), so nothing else need be installed.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { run } from '../../src/cli.js';
import { BIN } from './binary.js';
import { captureStream } from './streams.js';

export interface InProcessAgents {
  /** The text of an executable `agents` for a folder on PATH. */
  shim: string;
  /** Commands answered in-process so far. */
  answered(): number;
  close(): Promise<void>;
}

const LONG_RUNNING = ['emulator', 'mcp'];

export async function startInProcessAgents(): Promise<InProcessAgents> {
  let answered = 0;
  // One command at a time: the shell waits for each, and run() needs this process's working folder.
  let queue = Promise.resolve();
  const server = createServer((socket: Socket) => {
    let line = '';
    socket.on('data', (chunk: Buffer) => {
      line += chunk.toString();
      if (!line.includes('\n')) return;
      const dir = line.slice(0, line.indexOf('\n'));
      queue = queue.then(async () => {
        // A failure of this harness shows in the step's log as what it is.
        const code = await answer(dir).catch((error: unknown) => {
          writeFileSync(join(dir, 'stderr'), `in-process agents failed: ${String(error)}\n`);
          return 70;
        });
        answered++;
        socket.end(`${code}\n`);
      });
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const shim = [
    '#!/bin/bash',
    `case "$1" in ${LONG_RUNNING.join('|')}) exec "${process.execPath}" "${BIN}" "$@";; esac`,
    'd=$(mktemp -d) || exit 70',
    `printf '%s\\0' "$@" >"$d/argv"`,
    'env -0 >"$d/env"',
    'cat >"$d/stdin"',
    `printf '%s' "$PWD" >"$d/cwd"`,
    `exec 3<>/dev/tcp/127.0.0.1/${port} || exit 70`,
    `printf '%s\\n' "$d" >&3`,
    'read -r code <&3',
    'cat "$d/stdout" 2>/dev/null',
    'cat "$d/stderr" >&2 2>/dev/null',
    'rm -rf "$d"',
    'exit "${code:-70}"',
    '',
  ].join('\n');
  return {
    shim,
    answered: () => answered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fields = (text: string) => text.split('\0').filter((_, i, all) => i < all.length - 1 || all[i] !== '');

async function answer(dir: string): Promise<number> {
  const argv = fields(readFileSync(join(dir, 'argv'), 'utf8'));
  const env = Object.fromEntries(
    fields(readFileSync(join(dir, 'env'), 'utf8')).map((pair) => [
      pair.slice(0, pair.indexOf('=')),
      pair.slice(pair.indexOf('=') + 1),
    ]),
  );
  const stdin = Object.assign(Readable.from([readFileSync(join(dir, 'stdin'))]), { isTTY: false });
  const stdout = captureStream();
  const stderr = captureStream();
  const before = process.cwd();
  process.chdir(readFileSync(join(dir, 'cwd'), 'utf8'));
  try {
    const code = await run(argv, { stdout, stderr, stdin, env });
    writeFileSync(join(dir, 'stdout'), stdout.text());
    writeFileSync(join(dir, 'stderr'), stderr.text());
    return code;
  } finally {
    process.chdir(before);
  }
}
