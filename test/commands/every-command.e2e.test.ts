// The contracts every command keeps, checked by walking the registry of specs: no hand-written list
// of commands, so a new command is held to them the day it is added. The built binary runs each
// where a real process matters (a full disk, /dev/zero on stdin, memory); the rest run in-process.
import { createWriteStream, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/commands/registry.js';
import { loadSpecs } from '../../src/commands/command.js';
import { flagName } from '../../src/commands/options.js';
import { GLOBAL_FLAGS } from '../../src/definition/global-flags.js';
import type { Flags } from '../../src/definition/define.js';
import { runMeasured } from '../helpers/binary.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';
import { limit } from '../helpers/limits.js';

// The specs load lazily (commands/command.ts): every one, for a test that walks them all.
await loadSpecs(COMMANDS);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const specs = COMMANDS.map((command) => command.spec);
const words = (path: string) => path.split(' ');
/** A value for each required argument, so that commander lets the line through to the command. */
const requiredArgs = (spec: (typeof specs)[number]) =>
  spec.args.filter((arg) => arg.required).map(() => '00000000-0000-4000-8000-000000000001');
/** Nothing listens there: a command that sends anything fails to connect (exit 3), which the checks tell apart. */
const OFFLINE = { AGENTS_BASE_URL: 'http://127.0.0.1:9', AGENTS_TOKEN: 'tok_every_command_0123456789' };

// Some commands write where they run (`init -- --json` makes a folder named --json): here, not the clone.
const startedIn = process.cwd();
beforeAll(() => process.chdir(mkdtempSync(join(tmpdir(), 'agents-every-command-'))));
afterAll(() => process.chdir(startedIn));

const noStackTrace = (stderr: string) => expect(stderr).not.toMatch(/^\s+at \S/m);

describe('every command of the registry', () => {
  it('is walked: the registry holds every command folder, and every command has examples', () => {
    expect(specs.length).toBeGreaterThan(50);
    for (const spec of specs) expect(spec.examples.length, spec.path).toBeGreaterThan(0);
    // A definition.ts anywhere under src/commands/ is a command the registry must know (the generic
    // verbs of resource/ are made once per kind).
    const folders = readdirSync(join(ROOT, 'src/commands'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('definition.ts') && !file.startsWith('resource/'))
      .map((file) => file.replace(/\/definition\.ts$/, '').replaceAll('/', ' '));
    for (const folder of folders)
      expect(
        specs.map((spec) => spec.path),
        folder,
      ).toContain(folder);
  });

  it('a value flag given no value points at the help of the command on the line, not its parent', async () => {
    // `eval` and `eval report` both have --summary: the parent took it and named itself.
    for (const spec of specs) {
      const valued = Object.entries(spec.flags).find(([, flag]) => flag.type !== 'switch');
      if (!valued) continue;
      const flag = flagName(valued[0], valued[1]);
      const result = await runCli([...words(spec.path), ...requiredArgs(spec), flag], { env: OFFLINE });
      expect([result.code, result.stderr], spec.path).toEqual([
        2,
        expect.stringContaining(`(run \`agents ${spec.path} --help\` for usage)`),
      ]);
    }
  });

  it('declares no flag the global flags already have', () => {
    const names = (flags: Flags) => Object.entries(flags).map(([key, flag]) => flagName(key, flag));
    const globals = names(GLOBAL_FLAGS);
    for (const spec of specs)
      expect(
        names(spec.flags).filter((name) => globals.includes(name)),
        spec.path,
      ).toEqual([]);
  });

  it('--help is the page `agents help` prints for it, and fits 80 columns', async () => {
    for (const spec of specs) {
      const help = await runCli([...words(spec.path), '--help']);
      expect(help.code, spec.path).toBe(0);
      expect(help.stdout, spec.path).toBe((await runCli(['help', ...words(spec.path)])).stdout);
      const wide = help.stdout.split('\n').filter((line) => [...line].length > 80);
      expect(wide, spec.path).toEqual([]);
    }
  });

  it("--help lists the command's own flags under Options, and only the global flags under Global Options", async () => {
    const names = (flags: Flags) =>
      Object.entries(flags)
        .filter(([, flag]) => !flag.hidden)
        .map(([key, flag]) => flagName(key, flag));
    const globals = names(GLOBAL_FLAGS);
    const section = (page: string, title: string) => {
      const start = page.indexOf(`\n${title}:\n`);
      if (start === -1) return [];
      const body = page.slice(start + title.length + 3).split(/\n(?=\S)/)[0]!;
      return [...body.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((match) => match[1]!);
    };
    // --active and --no-active are one flag; --no-stream is the flag itself.
    const flagsOf = (listed: string[]) => [...new Set(listed.map((name) => name.replace(/^--no-/, '--')))].sort();
    for (const spec of specs) {
      const page = (await runCli([...words(spec.path), '--help'])).stdout;
      expect(flagsOf(section(page, 'Options').filter((name) => name !== '--help')), spec.path).toEqual(
        flagsOf(names(spec.flags)),
      );
      expect(flagsOf(section(page, 'Global Options')), spec.path).toEqual(flagsOf([...globals, '--version']));
    }
  });

  it('--json with a bad flag prints the error document, exit 2', async () => {
    for (const spec of specs) {
      const result = await runCli([...words(spec.path), ...requiredArgs(spec), '--json', '--no-such-flag']);
      expect(result.code, spec.path).toBe(2);
      expect(JSON.parse(result.stdout), spec.path).toEqual({
        error: { kind: 'usage', message: expect.stringContaining('--no-such-flag'), exitCode: 2 },
      });
    }
  });

  it('--timeout 1e9 is exit 2 naming the longest wait, in any notation, before anything is sent', async () => {
    for (const spec of specs) {
      for (const value of ['1e9', '2147484', '0x10']) {
        const result = await runCli([...words(spec.path), ...requiredArgs(spec), '--timeout', value], { env: OFFLINE });
        expect([result.code, result.stderr.split('\n')[0]], `${spec.path} --timeout ${value}`).toEqual([
          2,
          expect.stringContaining('--timeout must be'),
        ]);
      }
    }
  });

  it('after --, a word that looks like --json is data: no JSON document the line did not ask for', async () => {
    for (const spec of specs.filter((s) => s.args.some((arg) => !arg.required || arg.variadic))) {
      const result = await runCli([...words(spec.path), ...requiredArgs(spec), '--', '--json'], {
        env: OFFLINE,
        stdin: '',
      });
      expect(result.stdout.trimStart().startsWith('{"error"') || /^\{\s*"error"/.test(result.stdout), spec.path).toBe(
        false,
      );
    }
  });

  it(
    'stdout on a full disk is one line and exit 8, never a stack trace',
    async () => {
      const FULL = [8, 'error: cannot write to stdout: no space left on device\n'];
      // Every command, in this process, writing to the real device through the program's one guard.
      for (const spec of specs) {
        const device = createWriteStream('/dev/full');
        const result = await runCli([...words(spec.path), '--help'], { stdout: device });
        device.destroy();
        expect([result.code, result.stderr], spec.path).toEqual(FULL);
      }
      // And as a process, where Node's own stdout on a device throws from write itself: a few
      // commands from each end of the registry, the wiring being the same for all.
      for (const spec of [specs[0]!, specs[Math.floor(specs.length / 2)]!, specs.at(-1)!]) {
        const result = await runMeasured([...words(spec.path), '--help'], {
          stdoutFile: '/dev/full',
          env: { AGENTS_CONFIG_DIR: tempConfigDir() },
        });
        expect([result.code, result.stderr], spec.path).toEqual(FULL);
      }
      // The paths bin/agents.js answers without the program say it the same way.
      for (const fast of [['--version'], ['completion', 'bash'], ['--help']]) {
        const result = await runMeasured(fast, {
          stdoutFile: '/dev/full',
          env: { AGENTS_CONFIG_DIR: tempConfigDir() },
        });
        expect([result.code, result.stderr], fast.join(' ')).toEqual(FULL);
      }
    },
    limit(60_000),
  );

  it(
    'where it reads stdin, /dev/zero is exit 2 within the input cap, under 150 MiB, in seconds',
    async () => {
      const readers = specs.filter((spec) => spec.readsStdin);
      expect(readers.map((spec) => spec.path)).toEqual(
        expect.arrayContaining(['invoke', 'chat', 'create', 'apply', 'eval', 'mcp serve', 'login']),
      );
      for (const spec of readers) {
        const started = Date.now();
        const result = await runMeasured([...words(spec.path), ...spec.readsStdin!], {
          stdinFile: '/dev/zero',
          env: { AGENTS_CONFIG_DIR: tempConfigDir(), ...OFFLINE },
        });
        expect([result.code, result.stderr], spec.path).toEqual([
          2,
          expect.stringMatching(/^error: .* is larger than 16 MiB; refusing to read it$/m),
        ]);
        noStackTrace(result.stderr);
        expect(result.peakMiB, spec.path).toBeLessThan(150);
        expect(Date.now() - started, spec.path).toBeLessThan(15_000);
      }
    },
    limit(120_000),
  );
});

describe('no command writes to a stream or asks whether one is a terminal', () => {
  it('the commands hand their output to the Exporter and their messages to the Io', () => {
    const offending: string[] = [];
    // The commands' folders; the program (program.ts) hands commander its streams, and that is all.
    const files = readdirSync(join(ROOT, 'src/commands'), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.includes('/') && file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    for (const file of files) {
      const text = readFileSync(join(ROOT, 'src/commands', file), 'utf8');
      for (const pattern of [/\.stdout\b/, /\.stderr\.write/, /\bisTTY\b/, /process\.(stdout|stderr|exit)/])
        if (pattern.test(text)) offending.push(`${relative(ROOT, join(ROOT, 'src/commands', file))}: ${pattern}`);
    }
    expect(offending).toEqual([]);
  });
});
