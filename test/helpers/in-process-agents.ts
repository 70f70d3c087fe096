// `agents` for a shell script, answered by this test process: the shim on PATH hands its argv,
// environment, working folder and stdin to run() here (the program the binary runs, without the
// ~100 ms of starting Node for each command) and prints what it printed, with its exit code. The
// commands that keep running, `agents emulator` and `agents mcp serve`, start the real binary.
// Pure bash on the shell's side (its /dev/tcp), so nothing else need be installed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { run } from '../../src/cli.js';
import { BIN } from './binary.js';
import { captureStream } from './streams.js';

export interface InProcessAgents {
  /** A folder holding an executable `agents` (the shim), to put first on PATH. */
  bin: string;
  /** Commands answered in-process so far. */
  answered(): number;
  close(): Promise<void>;
}

const LONG_RUNNING = ['emulator', 'mcp'];

export async function startInProcessAgents(): Promise<InProcessAgents> {
  let answered = 0;
  // Each call's files: <folder>/<shim pid>.argv, .env, .stdin, .cwd in; .stdout, .stderr out.
  const folder = mkdtempSync(join(tmpdir(), 'agents-shim-'));
  // One command at a time: the shell waits for each, and run() needs this process's working folder.
  let queue = Promise.resolve();
  const server = createServer((socket: Socket) => {
    let line = '';
    socket.on('data', (chunk: Buffer) => {
      line += chunk.toString();
      if (!line.includes('\n')) return;
      const call = line.slice(0, line.indexOf('\n'));
      queue = queue.then(async () => {
        // A failure of this harness shows in the step's output as what it is.
        const reply = await answer(call).catch((error: unknown) => {
          const text = `in-process agents failed: ${String(error)}\n`;
          writeFileSync(`${call}.stderr`, text);
          return `70 0 ${Buffer.byteLength(text)}`;
        });
        answered++;
        socket.end(`${reply}\n`);
      });
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Bash builtins only but for the copies of stdin (when it is not /dev/null) and of non-empty
  // output: each process a command starts costs the walk ~2 ms, and it makes hundreds of calls.
  const shim = [
    '#!/bin/bash',
    `case "$1" in ${LONG_RUNNING.join('|')}) exec "${process.execPath}" "${BIN}" "$@";; esac`,
    `f=${folder}/$$`,
    'printf \'%s\\0\' "$@" >"$f.argv"',
    'for name in $(compgen -e); do printf \'%s=%s\\0\' "$name" "${!name}"; done >"$f.env"',
    'if [[ /dev/stdin -ef /dev/null ]]; then : >"$f.stdin"; else cat >"$f.stdin"; fi',
    'printf \'%s\' "$PWD" >"$f.cwd"',
    `exec 3<>/dev/tcp/127.0.0.1/${port} || exit 70`,
    'printf \'%s\\n\' "$f" >&3',
    'read -r code out err <&3',
    '[[ $out == 0 ]] || cat "$f.stdout"',
    '[[ $err == 0 ]] || cat "$f.stderr" >&2',
    'exit "${code:-70}"',
    '',
  ].join('\n');
  const bin = join(folder, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'agents'), shim, { mode: 0o755 });
  return {
    bin,
    answered: () => answered,
    close: () =>
      new Promise<void>((resolve) => server.close(() => resolve())).finally(() =>
        rmSync(folder, { recursive: true, force: true }),
      ),
  };
}

const fields = (text: string) => text.split('\0').filter((_, i, all) => i < all.length - 1 || all[i] !== '');

/** Runs one call; the reply is "<exit code> <stdout bytes> <stderr bytes>". */
async function answer(call: string): Promise<string> {
  const argv = fields(readFileSync(`${call}.argv`, 'utf8'));
  const env = Object.fromEntries(
    fields(readFileSync(`${call}.env`, 'utf8')).map((pair) => [
      pair.slice(0, pair.indexOf('=')),
      pair.slice(pair.indexOf('=') + 1),
    ]),
  );
  const stdin = Object.assign(Readable.from([readFileSync(`${call}.stdin`)]), { isTTY: false });
  const stdout = captureStream();
  const stderr = captureStream();
  const before = process.cwd();
  process.chdir(readFileSync(`${call}.cwd`, 'utf8'));
  try {
    const code = await run(argv, { stdout, stderr, stdin, env });
    const printed = Buffer.from(stdout.text());
    const warned = Buffer.from(stderr.text());
    writeFileSync(`${call}.stdout`, printed);
    writeFileSync(`${call}.stderr`, warned);
    return `${code} ${printed.length} ${warned.length}`;
  } finally {
    process.chdir(before);
  }
}
