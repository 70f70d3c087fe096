// The program (dist/main.js) compiled with V8's code cache, kept in the trusted cache folder
// (compile-cache.js says which folder is trusted). Node's own compile cache is written right after
// compiling, before anything runs, so it holds the top-level code and none of the functions a
// command calls: each run compiled those again. This cache is written after the command has run
// (vm.Script's createCachedData), so it holds them too; later runs compile almost nothing.
//
// One cache per command (the first word on the line): V8 reads a whole cache at start, so one
// cache for every command would make `create` slower for each other command the user has run
// (1 ms per 200 KB). At most MAX_COMMANDS are kept per program file, the oldest written removed.
//
// A cache is used only when it was made from these very bytes by this Node on this machine's
// architecture, with the same V8 flags. The file's identity on disk names the cache (device,
// inode, change time to the nanosecond, length: any write to the file moves its change time;
// hashing the bytes would load node:zlib, 1.7 ms of every start). V8 checks its own version and
// flags and rejects anything else, and a rejected or missing cache is written again at exit. The
// program sets some V8 flags while it runs (src/tuning.ts); they are put back before the cache is
// written, or V8 would stamp it with flags the next start does not have, and reject it, and while
// a file required after a change is compiled from its cache (then set again).
'use strict';
const {
  closeSync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} = require('node:fs');
const { createRequire } = require('node:module');
const { basename, dirname, join } = require('node:path');

const MAX_COMMANDS = 16;
// The program as Node's CommonJS loader would run it, on its own line so lines keep their numbers.
const WRAPPER = ['(function (exports, require, module, __filename, __dirname) {\n', '\n})'];

/**
 * Runs `file` (a CommonJS file) with the code cache of `command` in `dir` (undefined: no cache),
 * and returns its exports. The program's `settleV8Flags` puts back the V8 flags it changed
 * before a cache is written and while one is read (`settle`, given to the files it requires). `say` gets one
 * line for --debug.
 */
function requireWithCodeCache(file, dir, { command, say, settle }) {
  const vm = require('node:vm');
  const { source, identity, length } = wrappedSource(file);
  const build = dir && join(dir, buildName(file, identity, length));
  const cacheFile = build && `${build}.${command || '-'}.v8cache`;
  const cached = cacheFile ? readCache(cacheFile) : undefined;
  const module = { exports: {} };
  const settleFlags = settle ?? (() => module.exports.settleV8Flags?.());
  // Read with the flags it was written with: a start's (settleV8Flags in src/tuning.ts).
  const putBack = cached ? settleFlags() : undefined;
  let script;
  try {
    script = new vm.Script(source, { filename: file, lineOffset: -1, cachedData: cached });
  } finally {
    putBack?.();
  }
  const used = cached !== undefined && !script.cachedDataRejected;
  say(
    !cacheFile
      ? 'code cache off'
      : used
        ? `code cache used: ${cacheFile}`
        : `code cache ${cached ? 'rejected' : 'absent'}: ${cacheFile}`,
  );
  if (cacheFile && !used) {
    process.once('exit', () => {
      settleFlags();
      writeCache(cacheFile, `${basename(file)}.`, `${basename(build)}.`, script.createCachedData());
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
 * The file's text inside the wrapper, decoded once into one string (a concatenation would keep a
 * second copy of 0.65 MB), with the file's identity: one descriptor for both, so a file replaced
 * meanwhile cannot mix them.
 */
function wrappedSource(file) {
  const fd = openSync(file, 'r');
  try {
    const identity = fstatSync(fd, { bigint: true });
    const size = Number(identity.size);
    const [before, after] = WRAPPER.map((text) => Buffer.from(text));
    const whole = Buffer.allocUnsafe(before.length + size + after.length);
    before.copy(whole);
    let length = 0;
    for (let read; length < size; length += read) {
      read = readSync(fd, whole, before.length + length, size - length, null);
      if (read === 0) break; // shorter than it was a moment ago: what was read
    }
    after.copy(whole, before.length + length);
    return { source: whole.toString('utf8', 0, before.length + length + after.length), identity, length };
  } finally {
    closeSync(fd);
  }
}

/**
 * `main.js.<dev>-<inode>-<ctime ns>.<length>.<node version>.<arch>`, to which `.<command>.v8cache`
 * is added: another build, copy or Node never reads it.
 */
function buildName(file, { dev, ino, ctimeNs }, length) {
  const identity = [dev, ino, ctimeNs].map((n) => n.toString(36)).join('-');
  return `${basename(file)}.${identity}.${length}.${process.version}.${process.arch}`;
}

/** V8's data, or undefined when there is no such file. */
function readCache(path) {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Written beside, then renamed over: a run reading it meanwhile sees the old file or the new one.
 * Then the program file's caches from other builds and Nodes are removed, and of this build's,
 * all but the MAX_COMMANDS written last.
 */
function writeCache(path, fileStem, buildStem, data) {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      writeSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    const dir = dirname(path);
    const ours = [];
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(fileStem) || !name.endsWith('.v8cache')) continue;
      if (!name.startsWith(buildStem)) rmSync(join(dir, name), { force: true });
      else ours.push({ name, written: statSync(join(dir, name)).mtimeMs });
    }
    ours.sort((a, b) => b.written - a.written);
    for (const { name } of ours.slice(MAX_COMMANDS))
      if (name !== basename(path)) rmSync(join(dir, name), { force: true });
  } catch {
    // a cache that cannot be written only costs speed
    rmSync(temporary, { force: true });
  }
}

module.exports = { requireWithCodeCache };
