#!/usr/bin/env node
// The fast paths are answered here, without loading the CLI: `--version` (scripts call it
// often), `__complete` (every TAB), `completion <shell>` (the scripts shipped in completions/) and
// `--help` off a terminal (dist/help.txt, written by the build from the program). Tests keep both
// texts equal to what the program prints; AGENTS_LIVE_OUTPUT=1 asks the program itself.
const args = process.argv.slice(2);
const SHIPPED_COMPLETIONS = { bash: 'agents.bash', zsh: '_agents', fish: 'agents.fish' };
const live = Boolean(process.env.AGENTS_LIVE_OUTPUT);

const answer = await fastAnswer();
if (answer !== undefined) {
  process.stdout.write(answer);
} else {
  // Node 22.1+ keeps the compiled bundle on disk: later runs skip most of the parse and compile.
  const { enableCompileCache } = await import('node:module');
  if (enableCompileCache) {
    try {
      enableCompileCache(compileCacheDir(process.env));
    } catch {
      // a cache that cannot be written only costs speed
    }
  }
  if (args[0] === '__complete') {
    // Local files only, no commander, no dependencies.
    const { completionCandidates } = await import('../dist/complete.js');
    const lines = completionCandidates(args[1], process.env, args[2], args.slice(3));
    process.stdout.write(lines.length ? lines.join('\n') + '\n' : '');
  } else {
    // Stack traces under --debug point into src/: the maps are read only when asked for, and must
    // be switched on before the bundle loads.
    if (args.includes('--debug')) process.setSourceMapsEnabled(true);
    const { main } = await import('../dist/main.js');
    await main();
  }
}

/** The text a fast path prints, or undefined when the program must answer (or a shipped file is missing). */
async function fastAnswer() {
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    const pkg = await shipped('../package.json');
    return pkg === undefined ? undefined : `${JSON.parse(pkg).version}\n`;
  }
  if (live) return undefined;
  if (args.length === 2 && args[0] === 'completion' && Object.hasOwn(SHIPPED_COMPLETIONS, args[1])) {
    return shipped(`../completions/${SHIPPED_COMPLETIONS[args[1]]}`);
  }
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h') && !process.stdout.isTTY) {
    // Off a terminal commander wraps at 80 columns, as the build did: the same text.
    return shipped('../dist/help.txt');
  }
  return undefined;
}

/** A text file of the package, relative to this one; undefined when it is not there. */
async function shipped(path) {
  const { readFileSync } = await import('node:fs');
  try {
    return readFileSync(new URL(path, import.meta.url), 'utf8');
  } catch {
    return undefined;
  }
}

/** The user's cache folder, never the config folder: commands that only read config leave it as it was. */
function compileCacheDir(env) {
  if (env.AGENTS_CACHE_DIR) return env.AGENTS_CACHE_DIR;
  const home = env.HOME || env.USERPROFILE || '.';
  if (process.platform === 'win32') return `${env.LOCALAPPDATA || `${home}\\AppData\\Local`}\\agents\\cache`;
  if (process.platform === 'darwin') return `${home}/Library/Caches/agents`;
  return `${env.XDG_CACHE_HOME || `${home}/.cache`}/agents`;
}
