// Every example in README.md and in every --help runs as written against the emulator, so the
// documentation cannot drift from the program. Each session is one bash script: `agents` is the
// built binary on PATH, the folder holds the files the examples name, and each line's exit code
// is checked against what the documentation promises for it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMULATOR_PORT } from '../../src/commands/emulator.js';
import { SEED, startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { BIN, runBinary } from '../helpers/binary.js';
import { helpExamples, listedCommands, readmeSessions, type ExampleSession } from '../helpers/doc-examples.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Lines not run here, and why: each is run elsewhere. */
const NOT_RUN: Array<[RegExp, string]> = [
  [/^npm /, 'the set-up commands are what CI runs (.ci/run: npm ci, npm test; npm run check:pack: pack and install -g); npm run demo is run below'],
];

/** Examples that ask on a terminal: off one they must stop with exit 2 naming what is missing. (`chat` off a terminal reads its turns from stdin: none here, exit 0.) */
const NEEDS_A_TERMINAL = [/^agents login --base-url \S+( +#.*)?$/, /^agents delete \S+$/];

function expectedExits(line: string): number[] {
  if (NEEDS_A_TERMINAL.some((pattern) => pattern.test(line))) return [2];
  // diff's documented codes: 0 no changes, 1 changes.
  if (/^agents diff /.test(line) && !line.includes('||')) return [0, 1];
  // An eval whose cases fail on purpose says so in its comment.
  if (/^agents eval .*# exits 1\b/.test(line)) return [1];
  return [0];
}

/**
 * A fresh emulator (examples create agents with the same names), a folder with the files the
 * examples name, a git change for `git diff`, and `agents` on PATH.
 */
function world(emulator: RunningEmulator): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'agents-examples-'));
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'agents'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'agents'), 0o755);
  const agent = 'name: Docs bot\ndescription: answers doc questions\nllmModel: GPT_4_TURBO\n';
  writeFileSync(join(dir, 'agent.yaml'), agent);
  writeFileSync(join(dir, 'agent.json'), JSON.stringify({ name: 'Docs bot', description: 'answers doc questions', llmModel: 'GPT_4_TURBO' }));
  writeFileSync(join(dir, 'changes.yaml'), 'prompt: Answer in one sentence.\n');
  writeFileSync(
    join(dir, 'evals.yaml'),
    'cases:\n  - {name: greets, input: hello, assert: [{contains: hello}, {no-error: true}]}\n  - name: remembers\n    turns: [{input: I am Ada.}, {input: Who am I?, assert: [{icontains: ada}]}]\n',
  );
  writeFileSync(join(dir, 'schema.json'), JSON.stringify({ type: 'object' }));
  writeFileSync(join(dir, 'agents.yaml'), `agents:\n  - ${agent.trimEnd().replace(/\n/g, '\n    ')}\n`);
  writeFileSync(join(dir, 'agents.json'), JSON.stringify({ agents: [{ name: 'Json bot', description: 'd', llmModel: 'GPT_4' }] }));
  mkdirSync(join(dir, 'agents'));
  writeFileSync(join(dir, 'agents', 'team.yaml'), `agents:\n  - {name: Folder bot, description: d, llmModel: GPT_4}\n`);
  writeFileSync(join(dir, 'token.txt'), `${emulator.token}\n`);
  cpSync(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true });
  execFileSync(
    'sh',
    ['-c', 'git init -q && git add agent.yaml && git -c user.email=t@t -c user.name=t commit -qm init && echo "prompt: changed" >> agent.yaml'],
    { cwd: dir },
  );
  const home = join(dir, '.home');
  mkdirSync(home);
  return {
    dir,
    env: {
      PATH: `${bin}:${process.env.PATH}`,
      HOME: home,
      AGENTS_CONFIG_DIR: join(home, 'config'),
      AGENTS_BASE_URL: emulator.url,
      AGENTS_TOKEN: emulator.token,
      TOKEN: emulator.token,
      NO_COLOR: '1',
      AGENTS_EMULATOR_TOKEN_DELAY_MS: '0',
      OPENAI_API_KEY: 'sk-example-not-a-real-key', // what a user of `agents llms create` has
      AGENTS_KEY_OPENAI: 'sk-example-not-a-real-key', // what examples/stack.yaml reads
    },
  };
}

/**
 * The documentation's stand-ins for what only a live service knows: ids (the service makes them
 * up; full ids until references by prefix exist) and the example hosts (the emulator here).
 */
async function substitutions(emulator: RunningEmulator, env: Record<string, string>): Promise<Array<[RegExp, string]>> {
  const create = async (name: string) => {
    const result = await runBinary(['create', '-q', '--name', name, '--description', 'd', '--llm-model', 'GPT_4'], { env });
    expect(result.code, result.stderr).toBe(0);
    return result.stdout.trim();
  };
  const [first, second] = [await create('Example one'), await create('Example two')];
  return [
    [/\b0b6f9f2e(-[0-9a-f-]{27})?\b/g, first],
    [/\b1c7a0e3f\b/g, second],
    [/<agent-id>/g, first],
    [/\b5b0d6a7e(-tool-id)?\b|<tool-id>/g, SEED.tools[0].id],
    [/\b9c1e2f3a(-datasource-id)?\b|<datasource-id>/g, SEED.datasources[0].id],
    [/\ba2b4c6d8(-llm-id)?\b|<llm-id>/g, SEED.llms[0].id],
    [/https:\/\/(agents|staging)\.example\.com|(?<=--base-url )URL\b/g, emulator.url],
  ];
}

/** Runs a session's lines in one bash, and returns each line's exit code. */
async function runSession(lines: string[], env: Record<string, string>, cwd: string): Promise<{ exits: number[]; output: string }> {
  const script = [
    'set -o pipefail',
    ...lines.flatMap((line, index) => {
      // A server in the foreground: it must start and print its address (however long a loaded
      // machine takes); then it is stopped. A fixed port taken meanwhile (another test run on this
      // machine) is its documented refusal.
      const printed = `grep -q -e AGENTS_BASE_URL= -e '"baseUrl"' emulator.out`;
      const run = /^agents emulator(?!.*&)/.test(line)
        ? [
            `${line} >emulator.out 2>emulator.err & pid=$!`,
            `for i in $(seq 300); do ${printed} && break; kill -0 $pid 2>/dev/null || break; sleep 0.1; done`,
            `if ${printed}; then kill -TERM $pid; wait $pid; code=$?; else kill $pid 2>/dev/null; wait $pid; code=$?; [[ $code == 0 ]] && code=99; fi`,
            `if [[ $code == 2 ]] && grep -q 'is already in use' emulator.err; then code=0; fi`,
            '(exit $code)',
          ].join('\n')
        : line;
      return [run, `echo "$? ${index}" >&3`];
    }),
    'kill $(jobs -p) 2>/dev/null; wait',
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    let output = '';
    let codes = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => (codes += chunk));
    child.on('error', reject);
    child.on('close', () => {
      const exits: number[] = [];
      for (const row of codes.trim().split('\n').filter(Boolean)) {
        const [code, index] = row.split(' ').map(Number);
        exits[index!] = code!;
      }
      resolve({ exits, output });
    });
  });
}

/** Whether a loopback port is free: examples that bind a fixed one (7878, 9000) cannot run while something holds it. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function runnable(line: string): Promise<boolean> {
  if (NOT_RUN.some(([pattern]) => pattern.test(line))) return false;
  const port = /^agents emulator\b/.test(line) ? Number(/--port (\d+)/.exec(line)?.[1] ?? DEFAULT_EMULATOR_PORT) : 0;
  if (port !== 0 && !(await portFree(port))) {
    console.log(`not run: \`${line}\` (port ${port} is in use here, by an emulator you started?)`);
    return false;
  }
  return true;
}

async function checkSession(session: ExampleSession): Promise<void> {
  const lines: string[] = [];
  for (const line of session.lines) if (await runnable(line)) lines.push(line);
  if (lines.length === 0) return;
  const emulator = await startEmulator();
  try {
    const { dir, env } = world(emulator);
    const rules = await substitutions(emulator, env);
    const written = lines.map((line) => rules.reduce((text, [pattern, value]) => text.replace(pattern, value), line));
    const { exits, output } = await runSession(written, env, dir);
    const report = lines.map((line, index) => ({ line, exit: exits[index] }));
    const wanted = lines.map((line, index) => ({ line, exit: expectedExits(line).includes(exits[index]!) ? exits[index] : expectedExits(line)[0] }));
    expect(report, `${session.source}\n${output}`).toEqual(wanted);
  } finally {
    await emulator.close();
  }
}

describe('README.md examples run as written', () => {
  const sessions = readmeSessions(join(ROOT, 'README.md'));
  it('finds the sessions (sh blocks and the command table)', () => {
    expect(sessions.filter((s) => !s.source.includes('table')).length).toBeGreaterThanOrEqual(7);
    expect(sessions.filter((s) => s.source.includes('table')).length).toBeGreaterThanOrEqual(20);
  });
  for (const session of sessions) {
    it(`${session.source}: ${session.lines[0]}`, () => checkSession(session), 60_000);
  }
});

/** Each command's --help examples, as one session per command (the program's own help, not the shipped text). */
async function helpSessions(): Promise<ExampleSession[]> {
  const help = async (...argv: string[]) => (await runBinary([...argv, '--help'], { env: { AGENTS_LIVE_OUTPUT: '1' } })).stdout;
  const root = await help();
  const sessions: ExampleSession[] = [{ source: 'agents --help', lines: helpExamples(root) }];
  for (const command of listedCommands(root)) {
    const text = await help(command);
    sessions.push({ source: `agents ${command} --help`, lines: helpExamples(text) });
    // Command groups (config, tools, …): each subcommand's examples too.
    for (const sub of listedCommands(text)) sessions.push({ source: `agents ${command} ${sub} --help`, lines: helpExamples(await help(command, sub)) });
  }
  return sessions;
}

describe('npm run demo', () => {
  it('tours the binary against its own emulator and ends with every step done (exit 0)', () => {
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'demo.mjs')], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("$ agents invoke 'Travel bot' 'Will it rain in Paris tomorrow?'");
    expect(result.stderr).toMatch(/⚙ forecast\(/); // the tool the stack file attached, called (on stderr, as tool calls are)
    expect(result.stdout).toContain('# Done. Every command above ran through the real binary.');
  }, 90_000);
});

describe('--help examples run as written', async () => {
  const sessions = await helpSessions();
  it('finds them: every command, at least 50 lines', () => {
    expect(sessions.length).toBeGreaterThanOrEqual(19);
    expect(sessions.flatMap((s) => s.lines).length).toBeGreaterThanOrEqual(50);
  });
  for (const session of sessions.filter((s) => s.lines.length > 0)) {
    it(`${session.source}`, () => checkSession(session), 60_000);
  }
});
