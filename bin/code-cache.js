// The program (dist/main.js) compiled with V8's code cache, kept in the trusted cache folder
// (compile-cache.js says which folder is trusted). Node's own compile cache is written right after
// compiling, before anything runs, so it holds the top-level code and none of the functions a
// command calls: each run compiled those again. This cache is written after the command has run
// (vm.Script's createCachedData), so it holds them too; later runs compile almost nothing.
//
// A cache is used only when it was made from these very bytes (the file's identity on disk names
// the cache: device, inode, change time to the nanosecond and length; any write to the file moves
// its change time, and hashing the bytes would load node:zlib, 1.7 ms of every start) by this Node on this machine's architecture, with the same V8 flags: V8 checks its own
// version and flags and rejects anything else, and a rejected or missing cache is written again
// at exit. The program sets some V8 flags while it runs (src/tuning.ts); they are put back before
// the cache is written, or V8 would stamp it with flags the next start does not have, and reject it.
// A command the cache has not seen yet (the first word on the line) writes it again, so the cache
// comes to hold what the user runs, up to MAX_COMMANDS words.
'use strict';
const { closeSync, fstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } = require('node:fs');
const { createRequire } = require('node:module');
const { basename, dirname, join } = require('node:path');

const MAX_COMMANDS = 64;
const HEADER_BYTES = 4; // the length of the JSON list of commands that precedes V8's data
// The program as Node's CommonJS loader would run it, on its own line so lines keep their numbers.
const WRAPPER = ['(function (exports, require, module, __filename, __dirname) {\n', '\n})'];

/**
 * Runs `file` (a CommonJS file) with a code cache in `dir` (undefined: no cache), and returns its
 * exports. Before any cache is written, the program's `settleV8Flags` puts back the V8 flags it
 * changed (`settle`, given to the files the program requires). `say` gets one line for --debug.
 */
function requireWithCodeCache(file, dir, { command, say, settle }) {
  const vm = require('node:vm');
  // One descriptor for the bytes and their identity: a file replaced meanwhile cannot mix them.
  const fd = openSync(file, 'r');
  let bytes, identity;
  try {
    identity = fstatSync(fd, { bigint: true });
    bytes = readFileSync(fd);
  } finally {
    closeSync(fd);
  }
  const source = bytes.toString('utf8');
  const cacheFile = dir && join(dir, cacheName(file, identity, bytes.length));
  const cached = cacheFile ? readCache(cacheFile) : undefined;
  const script = new vm.Script(WRAPPER[0] + source + WRAPPER[1], {
    filename: file,
    lineOffset: -1,
    cachedData: cached?.data,
  });
  const used = cached !== undefined && !script.cachedDataRejected;
  const seen = used ? cached.commands : [];
  const write = cacheFile !== undefined && (!used || (!seen.includes(command) && seen.length < MAX_COMMANDS));
  say(
    !cacheFile
      ? 'code cache off'
      : used
        ? `code cache used: ${cacheFile}`
        : `code cache ${cached ? 'rejected' : 'absent'}: ${cacheFile}`,
  );
  const module = { exports: {} };
  const settleFlags = settle ?? (() => module.exports.settleV8Flags?.());
  if (write) {
    process.once('exit', () => {
      settleFlags();
      writeCache(cacheFile, `${basename(file)}.`, [...seen, command], script.createCachedData());
      say(`code cache written: ${cacheFile}`);
    });
  }
  const required = createRequire(file);
  // The program's own CommonJS files (dist/vendor/*.cjs: undici's parts, the MCP server) get a
  // code cache too, each its own file; anything else is Node's to load.
  const ownRequire = Object.assign((id) => {
    if (!id.startsWith('./vendor/') || !id.endsWith('.cjs')) return required(id);
    const path = join(dirname(file), id);
    return (loaded[path] ??= requireWithCodeCache(path, dir, { command, say, settle: settleFlags }));
  }, required);
  script.runInThisContext()(module.exports, ownRequire, module, file, dirname(file));
  return module.exports;
}

const loaded = Object.create(null);

/**
 * `main.js.<dev>-<inode>-<ctime ns>.<length>.<node version>.<arch>.v8cache`: another build, copy
 * or Node never reads it.
 */
function cacheName(file, { dev, ino, ctimeNs }, length) {
  return `${basename(file)}.${dev.toString(36)}-${ino.toString(36)}-${ctimeNs.toString(36)}.${length}.${process.version}.${process.arch}.v8cache`;
}

/** `{ commands, data }`, or undefined when the file is missing or not of this format. */
function readCache(path) {
  let bytes;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  if (bytes.length < HEADER_BYTES) return undefined;
  const length = bytes.readUInt32LE(0);
  try {
    const commands = JSON.parse(bytes.toString('utf8', HEADER_BYTES, HEADER_BYTES + length));
    if (!Array.isArray(commands)) return undefined;
    return { commands, data: bytes.subarray(HEADER_BYTES + length) };
  } catch {
    return undefined;
  }
}

/**
 * Written beside, then renamed over: a run reading it meanwhile sees the old file or the new one.
 * The caches of other builds and Nodes in the folder are removed: one is kept per program file.
 */
function writeCache(path, stem, commands, data) {
  const header = Buffer.from(JSON.stringify(commands));
  const length = Buffer.alloc(HEADER_BYTES);
  length.writeUInt32LE(header.length, 0);
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      for (const part of [length, header, data]) writeSync(fd, part);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    for (const name of readdirSync(dirname(path)))
      if (name.startsWith(stem) && name.endsWith('.v8cache') && name !== basename(path))
        rmSync(join(dirname(path), name), { force: true });
  } catch {
    // a cache that cannot be written only costs speed
    rmSync(temporary, { force: true });
  }
}

module.exports = { requireWithCodeCache };
