// What a command's action works with: the parsed globals, the Io (streams, colour, output mode),
// and lazily built config, settings and API client (heavy modules load on first use).
import type { Command as Commander } from 'commander';
import type { ApiClient } from './api/client.js';
import type { ProgramSpec } from './completion/model.js';
import { configDir } from './config/paths.js';
import { serviceScope } from './config/service-scope.js';
import { isLoopbackHost } from './config/base-url.js';
import { resolveSettings, type Settings } from './config/settings.js';
import { StateStore } from './config/state.js';
import { untrustedConfigPaths } from './config/trust.js';
import { ConfigStore, DEFAULT_PROFILE } from './config/store.js';
import type { Deps } from './deps.js';
import { CliError } from './errors.js';
import type { GlobalOptions } from './definition/global-flags.js';
import type { Need } from './definition/define.js';
import { rememberSecret } from './secrets/known.js';
import { inquirerPrompter } from './ui/prompter.js';
import type { Prompter } from './questions.js';
import type { Colours, Theme } from './ui/color-support.js';
import { Io } from './ui/io.js';
import { Exporter } from './ui/exporter.js';
import { chosenFormat } from './definition/output-formats.js';
import { escapeControls } from './ui/safe-text.js';
import { startSpinner } from './ui/spinner.js';
import { PLAIN_THEME } from './ui/color-support.js';
import { USER_AGENT } from './version.js';
import type { References } from './references.js';
import type { ResourceDescriptor } from './resources/descriptor.js';
import type { ReferenceKind } from './resources/registry.js';
import { FULL_ID } from './util/full-id.js';
import { reportError } from './report.js';
import { annotationsOf, type Annotations } from './ci/annotations.js';
import { jsonTextFor } from './ci/command-guard.js';

/** The program a run belongs to: `help` prints its pages, `completion` describes it. */
export interface ProgramView {
  root: Commander;
  completionShape(): Promise<ProgramSpec>;
}

export class Context {
  /** stderr, terminals, colour, the logger, prompts and redaction: the terminal side of the run. */
  readonly io: Io;
  /** The one owner of stdout: results in the mode the line asked for (human, --json, -q). */
  readonly out: Exporter;
  private references: References | undefined;
  private cachedSettings: Settings | undefined;
  private cachedState: StateStore | undefined;

  /** createTheme is passed in only when some stream is coloured, so chalk loads only then. */
  constructor(
    readonly deps: Deps,
    readonly globals: GlobalOptions,
    colours: Colours,
    createTheme?: (enabled: boolean) => Theme,
    readonly program: ProgramView = {
      root: undefined as never,
      completionShape: () => Promise.reject(new Error('no program')),
    },
  ) {
    this.io = new Io(deps, globals, colours, createTheme);
    const mode = chosenFormat(globals) ? 'document' : globals.quiet ? 'quiet' : 'human';
    this.out = new Exporter(deps.stdout, mode, createTheme?.(colours.stdout) ?? PLAIN_THEME, jsonTextFor(deps.stdout));
  }

  /** A failure said on stderr as the run's end would say it, when the command goes on after it. */
  reportFailure(error: unknown): void {
    reportError(error, { stderr: this.io.stderr, theme: this.io.theme, debug: this.globals.debug });
  }

  /** GitHub Actions' annotations of this run (at most 50 in all), or undefined elsewhere. */
  get annotations(): Annotations | undefined {
    return annotationsOf(this.deps.stderr, this.env);
  }

  /** Lines for --debug, or undefined without it (callers skip building them). */
  get debugLog(): ((line: string) => void) | undefined {
    return this.globals.debug ? (line) => this.io.logger.debug(line) : undefined;
  }

  /** Only for use when `io.interactive` is true. */
  get prompter(): Prompter {
    this.deps.prompter ??= inquirerPrompter(this.deps, { color: this.io.colours.stderr });
    return this.deps.prompter;
  }

  get env(): Record<string, string | undefined> {
    return this.deps.env;
  }

  /** Aborted by the first Ctrl-C (main.ts): what a run waits on ends with it. */
  get signal(): AbortSignal | undefined {
    return this.deps.signal;
  }

  get configDir(): string {
    return configDir(this.env);
  }

  configStore(): ConfigStore {
    return new ConfigStore(this.configDir);
  }

  /** One per run, so a corrupt state.json is reported once. */
  stateStore(): StateStore {
    if (!this.cachedState) {
      const { profile, baseUrl } = this.settings();
      this.cachedState = new StateStore(this.configDir, serviceScope(profile, baseUrl), (message) =>
        this.io.logger.warn(message),
      );
    }
    return this.cachedState;
  }

  /**
   * Local bookkeeping (state.json: names, last sessions) never withholds or fails a command's
   * result: a lock held too long or an unwritable folder is a warning.
   */
  async recordLocally(update: (state: StateStore) => Promise<void>): Promise<void> {
    try {
      await update(this.stateStore());
    } catch (error) {
      this.io.logger.warn(`${(error as Error).message}; local state not updated (the result above is not affected)`);
    }
  }

  settings(): Settings {
    if (!this.cachedSettings) {
      for (const problem of untrustedConfigPaths(this.configDir))
        this.io.logger.warn(
          `${problem}: whoever can change it can send your token elsewhere (chmod go-w, or chown it)`,
        );
      this.cachedSettings = resolveSettings(this.globals, this.env, this.configStore());
    }
    return this.cachedSettings;
  }

  /** The API client for the resolved profile; fails with what to run when something is missing. */
  async client(): Promise<ApiClient> {
    const settings = this.settings();
    if (!settings.baseUrl) {
      // A typo in --profile or AGENTS_PROFILE reads as "nothing configured": say which profile, and which exist.
      const known = this.configStore().profileNames();
      if (settings.profile !== DEFAULT_PROFILE && known.length > 0 && !known.includes(settings.profile)) {
        throw new CliError('usage', `no profile "${settings.profile}" in ${this.configStore().file}`, {
          hint: `Profiles there: ${known.join(', ')}. Create it with \`agents login --profile ${settings.profile}\`.`,
        });
      }
      throw new CliError('usage', 'no service address configured', {
        hint: 'Run `agents login --base-url URL`, pass --base-url, or set AGENTS_BASE_URL; `agents emulator` runs a local service to try the CLI on.',
      });
    }
    if (settings.withheldToken) throw withheldTokenError(settings.withheldToken, settings.baseUrl);
    if (settings.unusableToken) throw settings.unusableToken;
    if (!settings.token) {
      throw new CliError('auth', `no token configured for profile "${settings.profile}"`, {
        hint: 'Run `agents login`, or set AGENTS_TOKEN (`agents emulator` prints the token of a local service).',
      });
    }
    if (settings.shadowsProfileToken)
      this.io.logger.warn(`AGENTS_TOKEN is set: it is sent, not the token saved in profile "${settings.profile}".`);
    return this.clientFor(settings.baseUrl, settings.token);
  }

  /**
   * The id an agent, tool, datasource or LLM reference names (a full id, a unique prefix, a name),
   * listing each kind at most once per run; a full id costs nothing.
   */
  async resolve(kind: ReferenceKind | ResourceDescriptor, reference: string): Promise<string> {
    if (FULL_ID.test(reference)) return reference;
    this.references ??= new (await import('./references.js')).References(() => this.client());
    // A name is looked up in a list: against a slow service that is seconds a person should see pass.
    const noun = typeof kind === 'string' ? kind : kind.noun;
    const spinner = await startSpinner(this.io, `Looking up ${noun} ${escapeControls(reference)}…`);
    try {
      return await this.references.resolve(kind, reference);
    } finally {
      spinner.stop();
    }
  }

  /** A client for an address and token of the caller's choosing (login checks a new token). */
  async clientFor(baseUrl: string, token: string): Promise<ApiClient> {
    const settings = this.settings();
    assertTokenMayTravel(baseUrl, settings.allowInsecureHttp);
    rememberSecret(token);
    const [{ ApiClient }, { proxySecrets }] = await Promise.all([import('./api/client.js'), import('./api/proxy.js')]);
    for (const secret of proxySecrets(this.env)) rememberSecret(secret); // undici reads them; no output may show them
    return new ApiClient({
      baseUrl,
      token,
      timeoutSeconds: settings.timeout,
      userAgent: USER_AGENT,
      dispatcher: this.deps.dispatcher,
      debug: this.debugLog,
      sleep: this.deps.sleep,
      random: this.deps.random,
      signal: this.deps.signal,
      env: this.env,
    });
  }
}

/** What every run gets: the terminal side, stdout's owner, the line's globals, the run's signal. */
export const ALWAYS = ['io', 'out', 'globals', 'signal', 'debugLog', 'reportFailure', 'annotations'] as const;

/** The members of the Context each need of a spec gives its run (the run log is commands/run-context.ts's). */
export const NEEDS = {
  service: ['client', 'clientFor', 'resolve', 'settings'],
  settings: ['settings'],
  config: ['configStore', 'configDir'],
  state: ['stateStore', 'recordLocally'],
  prompts: ['prompter'],
  env: ['env'],
  runLog: [],
  program: ['program'],
} as const satisfies Record<Need, readonly (keyof Context)[]>;

/** What a run whose spec names these needs receives: only those members of the Context. */
export type Uses<N extends Need = never> = Pick<Context, (typeof ALWAYS)[number] | (typeof NEEDS)[N][number]>;

/** A saved token held back from an address it was not saved for: what happened, and the two ways on. */
function withheldTokenError(withheld: NonNullable<Settings['withheldToken']>, baseUrl: string): CliError {
  const { profile, savedFor } = withheld;
  const message = savedFor
    ? `the token of profile "${profile}" was saved for ${savedFor}, not ${baseUrl}: not sent`
    : `the token of profile "${profile}" has no address saved with it: not sent to ${baseUrl}`;
  return new CliError('auth', message, {
    hint: `A saved token goes only to its own address. For ${baseUrl}: \`agents login --base-url ${baseUrl} --profile NAME\`, then --profile NAME; or set AGENTS_TOKEN.`,
  });
}

/** A token never crosses the network in clear text unless the user opted in. */
export function assertTokenMayTravel(baseUrl: string, allowInsecureHttp: boolean): void {
  const url = new URL(baseUrl);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !allowInsecureHttp) {
    throw new CliError('usage', `refusing to send the token over plain http to ${url.host}`, {
      hint: 'Use https, or opt in with `agents config set allow-insecure-http true`.',
    });
  }
}
