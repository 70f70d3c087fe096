// each setting is described once (setting-specs.ts), and config, the global flags,
// help environment and resolution all read that one description.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
import { loadZod } from '../../src/util/zod.js';
import { captureStream, stdinFrom } from '../helpers/streams.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { lineGlobals } from '../helpers/globals.js';

// The specs load lazily (commands/command.ts): every one, for a test that walks them all; and the
// readers build their schemas with zod, which the program loads before it reads a flag.
await loadSpecs(COMMANDS);
await loadZod();

const GLOBALS = lineGlobals();

describe('the settings table', () => {
  it('is what config, the flags and help environment list', () => {
    expect(CONFIG_KEYS.map((key) => key.name)).toEqual(SETTINGS.flatMap((spec) => (spec.key ? [spec.key] : [])));
    const program = createProgram(
      { stdout: captureStream(), stderr: captureStream(), stdin: stdinFrom(), env: {} },
      () => PLAIN_THEME,
      COMMANDS,
      GROUPS,
    );
    // The program's options named after a setting are exactly the rows that ask for a flag.
    const fields = new Set<string>(SETTINGS.map((spec) => spec.field));
    const settingOptions = program.options.filter((option) => fields.has(option.attributeName()));
    expect(settingOptions.map((option) => option.attributeName())).toEqual(
      SETTINGS.filter((spec) => spec.flag).map((spec) => spec.field),
    );
    expect(settingOptions.length).toBeGreaterThan(0);
    for (const spec of SETTINGS) {
      expect(ENVIRONMENT.map(([name]) => name)).toContain(spec.env);
      if (!spec.flag) continue;
      const option = program.options.find((candidate) => candidate.attributeName() === spec.field);
      expect(option?.description).toBe(`${spec.help} (env ${spec.env})`);
      expect(option?.flags).toBe(`--${spec.key} <${spec.flag.placeholder}>`);
    }
  });

  it("checks each row's field in a profile against the row's type", () => {
    const dir = tempConfigDir();
    for (const spec of SETTINGS) {
      const wrong = spec.type === 'string' ? 1 : 'text';
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: { [spec.field]: wrong } } }));
      expect(() => new ConfigStore(dir).read(), spec.field).toThrow(`"${spec.field}" must be a ${spec.type}`);
    }
  });

  it('reports a soft setting that cannot be read, and fails on any other', async () => {
    const store = new ConfigStore(tempConfigDir());
    for (const spec of SETTINGS.filter((each) => each.read)) {
      const resolve = () => resolveSettings(GLOBALS, { [spec.env]: 'not a value of any setting' }, store);
      if (spec.fromEnv) continue; // a switch's variable: anything but on leaves it to the profile
      if (spec.soft) expect(resolve().problems.join(), spec.env).toContain(spec.env);
      else expect(resolve, spec.env).toThrow(spec.env);
    }
    expect(SETTINGS.some((spec) => spec.soft)).toBe(true);
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
      timeout: 9,
      sources: { baseUrl: 'flag', timeout: 'flag' },
    });
    // A variable other than "1" leaves allow-insecure-http to the profile.
    expect(flagged.allowInsecureHttp).toBe(true);
    const fromEnv = resolveSettings(GLOBALS, { AGENTS_BASE_URL: 'https://env.example/' }, store);
    expect(fromEnv).toMatchObject({
      baseUrl: 'https://env.example',
      timeout: 5,
      sources: { baseUrl: 'env', timeout: 'profile' },
    });
    expect(() => resolveSettings(GLOBALS, env, store)).toThrow('AGENTS_TIMEOUT must be a positive number of seconds');
    const defaults = resolveSettings(GLOBALS, {}, new ConfigStore(tempConfigDir()));
    expect(defaults).toMatchObject({
      baseUrl: undefined,
      timeout: 60,
      sources: { baseUrl: 'none', timeout: 'default' },
      allowInsecureHttp: false,
    });
  });
});
