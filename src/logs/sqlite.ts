// Node's built-in SQLite (node:sqlite), which the run log needs: Node 22.13 or newer, where it
// works without a flag. Loaded when first used, never at start-up; on Node 22 it announces itself
// as experimental, a warning that is not the user's business and is kept off stderr.
import { CliError } from '../errors.js';

export type Sqlite = typeof import('node:sqlite');

/** The oldest Node whose node:sqlite works without a flag. */
export const LOGS_NODE = '22.13';

function recentEnough(version = process.versions.node): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13);
}

/** How to get a Node that keeps the run log, said wherever it is missing. */
export const LOGS_NODE_HINT = `install Node ${LOGS_NODE} or newer (e.g. \`nvm install 22\`, or from nodejs.org)`;

/** Whether this Node has node:sqlite without a flag: asked without loading it. */
export const sqliteAvailable = (): boolean => recentEnough();

let loaded: Sqlite | undefined;

/** node:sqlite, or undefined on a Node without it (recording is then off). */
export function loadSqlite(): Sqlite | undefined {
  if (loaded || !recentEnough()) return loaded;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, unbound
  const emit = process.emitWarning;
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/SQLite/i.test(text)) return;
    Reflect.apply(emit, process, [warning, ...rest]);
  };
  try {
    loaded = process.getBuiltinModule('node:sqlite') as Sqlite | undefined;
  } finally {
    process.emitWarning = emit;
  }
  return loaded;
}

/** node:sqlite, or the one-line reason `agents logs` cannot run here (exit 2). */
export function requireSqlite(): Sqlite {
  const sqlite = loadSqlite();
  if (sqlite) return sqlite;
  throw new CliError(
    'usage',
    `agents logs needs Node ${LOGS_NODE} or newer (this is Node ${process.versions.node}): runs are not logged here`,
    { hint: `To keep runs, ${LOGS_NODE_HINT}.` },
  );
}
