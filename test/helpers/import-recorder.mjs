// Registered with `node --import`: records every module URL the process resolves, ES modules
// and require()d files alike, into the file named by AGENTS_IMPORT_LOG, so a test can inspect the
// module graph; at exit, the public builtins Node loaded, as `node:<name>`.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const log = process.env.AGENTS_IMPORT_LOG;
register(new URL('./import-recorder-hooks.mjs', import.meta.url), { data: { log } });

// The loader hooks see import(); require() goes through Module._load.
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (log && !Module.isBuiltin(request))
    appendFileSync(log, pathToFileURL(Module._resolveFilename(request, parent, isMain)).href + '\n');
  return load.call(this, request, parent, isMain);
};

process.on('exit', () => {
  const builtins = process.moduleLoadList.filter((entry) => /^NativeModule (?!internal\/)/.test(entry));
  if (log) appendFileSync(log, builtins.map((entry) => `node:${entry.slice('NativeModule '.length)}\n`).join(''));
});
