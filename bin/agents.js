#!/usr/bin/env node
// The fast paths are answered here, without loading the CLI: `--version` (scripts call it
// often), `__complete` (every TAB), `completion <shell>` (the scripts shipped in completions/) and
// `--help` off a terminal (dist/help.txt, written by the build from the program). Tests keep both
// texts equal to what the program prints; AGENTS_LIVE_OUTPUT=1 asks the program itself.
//
// This file is CommonJS (bin/package.json): an ES module entry makes Node start its ESM loader
// before the first line runs, 3 ms that `--version` would spend on nothing. The CLI is CommonJS
// too (dist/package.json; scripts/build.mjs says why).
'use strict';
const { fstatSync, readFileSync, statSync, writeSync } = require('node:fs');
const { join } = require('node:path');

const args = process.argv.slice(2);
const SHIPPED_COMPLETIONS = { bash: 'agents.bash', zsh: '_agents', fish: 'agents.fish' };
const live = Boolean(process.env.AGENTS_LIVE_OUTPUT);
/** What stops a write to stdout, in the program's words. */
const STDOUT_FAILURES = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'the file is too large',
  EIO: 'input/output error',
  EBADF: 'the descriptor is not open for writing',
};

const answer = fastAnswer();
if (answer !== undefined) {
  print(answer);
} else {
  startProgram().catch((error) => {
    // Only a broken install gets here (dist/ missing or damaged): the program reports everything else.
    process.stderr.write(`error: cannot start agents: ${error.message.split('\n')[0]}\n`);
    process.exitCode = 1;
  });
}

/** The text a fast path prints, or undefined when the program must answer (or a shipped file is missing). */
function fastAnswer() {
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    const pkg = shipped('../package.json');
    return pkg === undefined ? undefined : `${JSON.parse(pkg).version}\n`;
  }
  if (live) return undefined;
  if (args.length === 2 && args[0] === 'completion' && Object.hasOwn(SHIPPED_COMPLETIONS, args[1])) {
    return shipped(`../completions/${SHIPPED_COMPLETIONS[args[1]]}`);
  }
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h') && !stdoutIsTerminal()) {
    // Off a terminal commander wraps at 80 columns, as the build did: the same text.
    return shipped('../dist/help.txt');
  }
  return undefined;
}

async function startProgram() {
  const debug = args.includes('--debug');
  // NODE_DEBUG=agents prints these lines without --debug (the cache's tests read them).
  const say = debug ? (line) => process.stderr.write(`debug: ${line}\n`) : require('node:util').debuglog('agents');
  const { trustedCacheFolder } = require('./compile-cache.js');
  const cacheDir = trustedCacheFolder(process.env, say);
  if (args[0] === '__complete') {
    // Local files only, no commander, no dependencies.
    const { completionCandidates } = require('../dist/complete.cjs');
    const lines = completionCandidates(args[1], process.env, args[2], args.slice(3));
    print(lines.length ? lines.join('\n') + '\n' : '');
    return;
  }
  const program = join(__dirname, '..', 'dist', 'main.js');
  if (debug) {
    // Stack traces under --debug point into src/: Node maps them only in files its own loader
    // compiled, and the maps must be switched on before the bundle loads.
    process.setSourceMapsEnabled(true);
    say('code cache not used under --debug: stack traces need the source maps');
    await require(program).main();
  } else {
    const { requireWithCodeCache } = require('./code-cache.js');
    // The first word names the command for the cache (code-cache.js), which writes it to disk: a
    // word that cannot be a command's name (a global flag's value, a URL with its password) is
    // kept as none.
    const first = args.find((arg) => !arg.startsWith('-')) ?? '';
    const command = /^[a-z][a-z-]{0,31}$/.test(first) ? first : '';
    await requireWithCodeCache(program, cacheDir, { command, say }).main();
  }
}

/**
 * Whether stdout is a terminal. Not process.stdout.isTTY (making the stream costs more than the
 * answer), and node:tty (1.5 ms to load) only for a character device other than /dev/null: a pipe,
 * a file or a socket cannot be one.
 */
function stdoutIsTerminal() {
  try {
    const out = fstatSync(1);
    if (!out.isCharacterDevice() || out.rdev === statSync('/dev/null').rdev) return false;
  } catch {
    // nothing to ask of it here (no /dev/null): isatty says
  }
  return require('node:tty').isatty(1);
}

/**
 * Writes the whole text to stdout before the process ends, without making a stream of it. A
 * reader that is gone (`agents --version | true`) is no failure, as for every command; a pipe that
 * is full and non-blocking gets the rest through the stream, which waits for room.
 */
function print(text) {
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(1, bytes, written);
  } catch (error) {
    if (error.code === 'EPIPE') return;
    if (error.code !== 'EAGAIN') {
      // As the program says it (src/cli.ts, reason() in src/io/write-file.ts), with its exit code:
      // 8, output could not be written (a full disk), not 1.
      process.stderr.write(`error: cannot write to stdout: ${STDOUT_FAILURES[error.code] ?? error.message}\n`);
      process.exitCode = 8;
      return;
    }
    process.stdout.on('error', () => {}); // the reader left while we waited: as EPIPE above
    process.stdout.write(bytes.subarray(written));
  }
}

/** A text file of the package, relative to this one; undefined when it is not there. */
function shipped(path) {
  try {
    return readFileSync(join(__dirname, path), 'utf8');
  } catch {
    return undefined;
  }
}
