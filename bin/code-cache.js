// Node before 22.1 keeps no compiled code between runs (later Nodes do: bin/agents.js turns on
// module.enableCompileCache instead). This keeps V8's code cache of the files every request
// compiles, dist/main.js and undici's, in the user's cache folder: compiling them took 12 ms of
// each run on Node 20. Only the top level is cached, taken right after compiling: a cache taken
// after a run holds every function that ran and costs more to read than it saves.
'use strict';
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { basename, dirname, join } = require('node:path');
const vm = require('node:vm');

/**
 * From now on, the given files are compiled through the cache in `cacheDir`: unless others could
 * write there, as code read from it runs.
 */
function cacheCompiledCode(files, cacheDir) {
  if (!ownFolder(cacheDir)) return;
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (!files.includes(filename)) return compile.call(this, content, filename);
    let wrapper;
    try {
      wrapper = compiledThroughCache(content, filename, cacheDir);
    } catch {
      return compile.call(this, content, filename); // anything odd: as Node would have
    }
    return wrapper.call(this.exports, this.exports, requireFor(this), this, filename, dirname(filename));
  };
}

function compiledThroughCache(content, filename, cacheDir) {
  // V8 checks a cache against the source's length, not its text: the name holds the file's size and time.
  const { size, mtimeMs } = statSync(filename);
  const name = `${basename(filename)}-${process.version}-${process.arch}`;
  const file = join(cacheDir, `${name}-${size}-${Math.trunc(mtimeMs)}.code`);
  let cachedData;
  try {
    cachedData = readFileSync(file);
  } catch {
    // none yet
  }
  const script = new vm.Script(Module.wrap(content), { filename, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) keep(file, name, script.createCachedData());
  return script.runInThisContext();
}

/** Writes the cache beside none of its older versions; a cache that cannot be written only costs speed. */
function keep(file, name, data) {
  try {
    for (const old of readdirSync(dirname(file)))
      if (old.startsWith(`${name}-`) && old.endsWith('.code')) rmSync(join(dirname(file), old), { force: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, data, { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // as above
  }
}

/** The folder is made here, or is the user's and writable by no one else (POSIX; elsewhere, trusted). */
function ownFolder(folder) {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const { mode, uid } = statSync(folder);
    return typeof process.getuid !== 'function' || (uid === process.getuid() && (mode & 0o022) === 0);
  } catch {
    return false;
  }
}

/** What Node's loader gives a module as `require`. */
function requireFor(module) {
  const require = (id) => module.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
  require.cache = Module._cache;
  return require;
}

module.exports = { cacheCompiledCode };
