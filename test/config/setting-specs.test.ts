// each setting is described once (setting-specs.ts), and config, the global flags,
// help environment and resolution all read that one description.
import { describe, expect, it } from 'vitest';
import { createProgram } from '../../src/commands/program.js';
import { COMMANDS, GROUPS } from '../../src/commands/registry.js';
import { loadSpecs } from '../../src/commands/command.js';
import { PLAIN_THEME } from '../../src/ui/color-support.js';
import { ENVIRONMENT } from '../../src/commands/help/help-topics.js';
import { CONFIG_KEYS } from '../../src/config/keys.js';
import { SETTINGS } from '../../src/config/setting-specs.js';
import { resolveSettings } from '../../src/config/settings.js';
import { ConfigStore } from '../../src/config/store.js';
import type { GlobalOptions } from '../../src/definition/global-flags.js';
import { loadZod } from '../../src/util/zod.js';
import { captureStream, stdinFrom } from '../helpers/streams.js';
import { tempConfigDir } from '../helpers/run-cli.js';

// The specs load lazily (commands/command.ts): every one, for a test that walks them all; and the
// readers build their schemas with zod, which the program loads before it reads a flag.
await loadSpecs(COMMANDS);
await loadZod();

const GLOBALS: GlobalOptions = {
  json: false,
  quiet: false,
  input: true,
  color: false,
  debug: false,
  showSecrets: false,
  log: true,
};

describe('the settings table', () => {
  it('is what config, the flags and help environment list', () => {
    expect(CONFIG_KEYS.map((key) => key.name)).toEqual(SETTINGS.flatMap((spec) => (spec.key ? [spec.key] : [])));
    const program = createProgram(
      { stdout: captureStream(), stderr: captureStream(), stdin: stdinFrom(), env: {} },
      () => PLAIN_THEME,
      COMMANDS,
      GROUPS,
    );
    const flagged = SETTINGS.filter((spec) => spec.flag);
    expect(flagged.map((spec) => spec.field)).toEqual(['baseUrl', 'timeout']);
    for (const spec of SETTINGS) {
      expect(ENVIRONMENT.map(([name]) => name)).toContain(spec.env);
      if (!spec.flag) continue;
      const option = program.options.find((candidate) => candidate.attributeName() === spec.field);
      expect(option?.description).toBe(`${spec.help} (env ${spec.env})`);
    }
  });

  it('resolves each setting flag > environment > profile > default, reading only the value that wins', async () => {
    const store = new ConfigStore(tempConfigDir());
    await store.updateProfile('default', () => ({
      baseUrl: 'https://saved.example',
      timeout: 5,
      allowInsecureHttp: true,
    }));
    const env = {
      AGENTS_BASE_URL: 'https://env.example/',
      AGENTS_TIMEOUT: 'not a number',
      AGENTS_ALLOW_INSECURE_HTTP: '0',
    };
    const flagged = resolveSettings({ ...GLOBALS, baseUrl: 'https://flag.example', timeout: 9 }, env, store);
    expect(flagged).toMatchObject({
      baseUrl: 'https://flag.example',
      baseUrlSource: 'flag',
      timeoutSeconds: 9,
      timeoutSource: 'flag',
    });
    // A variable other than "1" leaves allow-insecure-http to the profile.
    expect(flagged.allowInsecureHttp).toBe(true);
    const fromEnv = resolveSettings(GLOBALS, { AGENTS_BASE_URL: 'https://env.example/' }, store);
    expect(fromEnv).toMatchObject({
      baseUrl: 'https://env.example',
      baseUrlSource: 'env',
      timeoutSeconds: 5,
      timeoutSource: 'profile',
    });
    expect(() => resolveSettings(GLOBALS, env, store)).toThrow('AGENTS_TIMEOUT must be a positive number of seconds');
    const defaults = resolveSettings(GLOBALS, {}, new ConfigStore(tempConfigDir()));
    expect(defaults).toMatchObject({
      baseUrl: undefined,
      baseUrlSource: 'none',
      timeoutSeconds: 60,
      timeoutSource: 'default',
      allowInsecureHttp: false,
    });
  });
});
