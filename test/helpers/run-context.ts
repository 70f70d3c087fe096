// A command's run, called with only what its spec says it uses, built here from those dependencies
// alone: no program, no Context, no CLI process. Each need is made of the real parts it stands
// for (an API client for the service, config.json and state.json in a temporary folder, a scripted
// prompter); a need the run did not declare is simply not there, so reaching for it fails.
import { ApiClient } from '../../src/api/client.js';
import type { RunContext } from '../../src/commands/run-context.js';
import { resolveSettings, type Settings } from '../../src/config/settings.js';
import { serviceScope } from '../../src/config/service-scope.js';
import { StateStore } from '../../src/config/state.js';
import { ConfigStore } from '../../src/config/store.js';
import type { Need } from '../../src/definition/define.js';
import { References } from '../../src/references.js';
import { reportError } from '../../src/report.js';
import { PLAIN_THEME } from '../../src/ui/color-support.js';
import { Exporter, type OutputMode } from '../../src/ui/exporter.js';
import { Io } from '../../src/ui/io.js';
import { tempConfigDir } from './run-cli.js';
import { ScriptedPrompter, type Answer } from './scripted-prompter.js';
import { captureStream, stdinFrom } from './streams.js';
import { lineGlobals } from './globals.js';

export interface Given {
  /** The service the run talks to: an in-process emulator's, or a test server's. */
  service?: { baseUrl: string; token: string };
  env?: Record<string, string | undefined>;
  configDir?: string;
  /** The prompts' answers, in order (a terminal is implied). */
  answers?: Answer[];
  mode?: OutputMode;
}

export interface Built<N extends Need> {
  ctx: RunContext<N>;
  stdout: ReturnType<typeof captureStream>;
  stderr: ReturnType<typeof captureStream>;
  configDir: string;
  prompter: ScriptedPrompter | undefined;
}

const GLOBALS = lineGlobals();

export function buildRunContext<N extends Need>(uses: readonly N[], given: Given = {}): Built<N> {
  const terminal = given.answers !== undefined;
  const stdout = captureStream(false);
  const stderr = captureStream(terminal);
  const configDir = given.configDir ?? tempConfigDir();
  const env = { AGENTS_CONFIG_DIR: configDir, ...given.env };
  const mode = given.mode ?? 'human';
  const globals = { ...GLOBALS, json: mode === 'document', quiet: mode === 'quiet' };
  const prompter = terminal ? new ScriptedPrompter(given.answers!) : undefined;
  const deps = { stdout, stderr, stdin: stdinFrom(undefined, terminal), env, prompter };
  const io = new Io(deps, globals, { stdout: false, stderr: false });
  const configStore = () => new ConfigStore(configDir);

  let settings: Settings | undefined;
  const readSettings = (): Settings =>
    (settings ??= resolveSettings(
      {},
      { AGENTS_BASE_URL: given.service?.baseUrl, AGENTS_TOKEN: given.service?.token, ...env },
      configStore(),
    ));
  const clientFor = (baseUrl: string, token: string) =>
    Promise.resolve(
      new ApiClient({ baseUrl, token, timeoutSeconds: 10, userAgent: 'agents-test', sleep: async () => {}, env: {} }),
    );
  const client = () => {
    if (!given.service) throw new Error('buildRunContext: the service need was given no service');
    return clientFor(given.service.baseUrl, given.service.token);
  };
  let references: References | undefined;
  let state: StateStore | undefined;
  const stateStore = () =>
    (state ??= new StateStore(configDir, serviceScope(readSettings().profile, readSettings().baseUrl), (message) =>
      io.logger.warn(message),
    ));

  const members: Record<Need, object> = {
    service: {
      client,
      clientFor,
      resolve: (kind: never, reference: string) => (references ??= new References(client)).resolve(kind, reference),
      settings: readSettings,
    },
    settings: { settings: readSettings },
    config: { configStore, configDir },
    state: { stateStore, recordLocally: async (update: (store: StateStore) => Promise<void>) => update(stateStore()) },
    prompts: { prompter },
    env: { env },
    runLog: { runLog: () => Promise.resolve(undefined) },
    program: {},
  };
  const always = {
    io,
    out: new Exporter(stdout, mode, PLAIN_THEME),
    globals,
    signal: undefined,
    debugLog: undefined,
    annotations: undefined,
    reportFailure: (error: unknown) => void reportError(error, { stderr, theme: PLAIN_THEME, debug: false }),
  };
  const ctx = Object.assign({}, always, ...uses.map((need) => members[need])) as RunContext<N>;
  return { ctx, stdout, stderr, configDir, prompter };
}
