// The run log end to end: the built binary against the emulator, a real SQLite file in a temp
// folder. What each command records, 20 invokes at once, a log locked by another process, secrets
// kept out of the file's bytes, reading (list, show, search, stats), replay, to-eval, rm,
// retention, the switches, and the files it refuses. Needs Node 22.13+ (the LTS pass of .ci/run);
// on an older Node, `agents logs` says so and nothing is recorded.
import { spawn } from 'node:child_process';
import { existsSync, lchownSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { loadSqlite } from '../../src/logs/sqlite.js';
import { completionCandidates } from '../../src/completion/complete.js';
import { runBinary, type BinaryResult } from '../helpers/binary.js';
import { runCli } from '../helpers/run-cli.js';
import { connectStdio, textOf } from '../helpers/mcp.js';
import { starterFolder, type StarterFolder } from '../helpers/starter.js';
import { limit } from '../helpers/limits.js';

const sqlite = loadSqlite();
let emulator: RunningEmulator;
let starter: StarterFolder;

beforeAll(async () => {
  emulator = await startEmulator({ tokenDelayMs: 0 });
  starter = starterFolder();
});
afterAll(() => emulator?.close());

/** A fresh config folder (and so a fresh log, logs.db beside config.json) for a test. */
function freshEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    AGENTS_CONFIG_DIR: join(mkdtempSync(join(tmpdir(), 'agents-logs-')), 'config'),
    AGENTS_BASE_URL: emulator.url,
    AGENTS_TOKEN: emulator.token,
    AGENTS_KEY_OPENAI: 'sk-test-openai-key',
    ...extra,
  };
}
const agents = (env: Record<string, string>, ...argv: string[]) => runBinary(argv, { env, cwd: starter.dir });
const json = <T>(result: BinaryResult): T => {
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
};
interface Run {
  id: string;
  command: string;
  agentId: string | null;
  agentName: string | null;
  sessionId: string | null;
  input: string;
  answer: string;
  toolCalls: Array<{ name: string }> | null;
  error: { kind: string } | null;
  exitCode: number;
  ttftMs: number | null;
  totalMs: number | null;
  chars: number;
  evalRun: string | null;
  evalCase: string | null;
  profile: string;
  baseUrl: string;
}
const logged = async (env: Record<string, string>, ...flags: string[]) =>
  json<Run[]>(await agents(env, 'logs', '-n', '1000', ...flags, '--json'));
/** The bytes of the log: the database and its write-ahead log. */
const fileBytes = (env: Record<string, string>) =>
  ['logs.db', 'logs.db-wal']
    .map((name) => join(env.AGENTS_CONFIG_DIR!, name))
    .filter(existsSync)
    .map((path) => readFileSync(path).toString('latin1'))
    .join('');

describe.runIf(sqlite)('the run log (Node 22.13+)', () => {
  let env: Record<string, string>;
  beforeAll(async () => {
    env = freshEnv();
    expect((await agents(env, 'apply', '-f', 'stack.yaml')).code).toBe(0);
  }, limit(30_000));

  it('records an invoke whole: agent, input, answer, session, tool calls, timings, how it ended; never the token', async () => {
    const result = await agents(env, 'invoke', 'Travel bot', 'Will it rain in Paris?');
    expect(result.code).toBe(0);
    const [run] = await logged(env);
    expect(run).toMatchObject({
      command: 'invoke',
      agentName: 'Travel bot',
      input: 'Will it rain in Paris?',
      answer: result.stdout.replace(/\n$/, ''),
      exitCode: 0,
      error: null,
      profile: 'default',
      baseUrl: emulator.url,
    });
    expect(run!.agentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(run!.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(run!.toolCalls!.map((call) => call.name)).toEqual(['forecast']);
    expect(run!.ttftMs).toBeGreaterThanOrEqual(0);
    expect(run!.totalMs).toBeGreaterThanOrEqual(run!.ttftMs!);
    expect(run!.chars).toBe(run!.answer.length);
    expect(fileBytes(env)).not.toContain(emulator.token);
  });

  it(
    'records a failed invoke with its kind and exit code, each chat turn, each eval case and each mcp call',
    async () => {
      expect((await agents(env, 'invoke', 'Support bot', '[[error]] fail please')).code).toBe(1);
      expect((await runBinary(['chat', 'Support bot'], { env, input: 'first turn\nsecond turn\n' })).code).toBe(0);
      expect((await agents(env, 'eval', '-f', 'evals.yaml')).code).toBe(1);
      const mcp = await connectStdio(env, ['--agent', 'Support bot']);
      try {
        const { tools } = await mcp.client.listTools();
        const result = await mcp.client.callTool({ name: tools[0]!.name, arguments: { input: 'from an MCP client' } });
        expect(textOf(result)).toContain('from an MCP client');
      } finally {
        await mcp.close();
      }
      const runs = await logged(env);
      const failed = runs.find((run) => run.input === '[[error]] fail please')!;
      expect(failed).toMatchObject({ command: 'invoke', exitCode: 1, error: { kind: 'stream' } });
      const chat = runs.filter((run) => run.command === 'chat');
      expect(chat.map((run) => run.input)).toEqual(['second turn', 'first turn']);
      expect(new Set(chat.map((run) => run.sessionId)).size).toBe(1);
      const evals = runs.filter((run) => run.command === 'eval');
      expect(new Set(evals.map((run) => run.evalRun)).size).toBe(1);
      expect(evals.map((run) => run.evalCase)).toContain('says it exactly (fails on purpose)');
      expect(evals.find((run) => run.evalCase === 'says it exactly (fails on purpose)')).toMatchObject({
        exitCode: 1,
        error: { kind: 'failure' },
      });
      expect(runs.find((run) => run.command === 'mcp')).toMatchObject({
        agentName: 'Support bot',
        input: 'from an MCP client',
      });
    },
    limit(30_000),
  );

  it(
    'keeps 20 runs of 20 invokes at once, on a new log',
    async () => {
      const parallel = freshEnv();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => agents(parallel, 'invoke', emulatorAgentId, `parallel ${i}`)),
      );
      for (const result of results)
        expect([result.code, result.stderr]).toEqual([0, expect.not.stringMatching(/warning/)]);
      const runs = await logged(parallel);
      expect(runs.map((run) => run.input).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `parallel ${i}`).sort());
    },
    limit(60_000),
  );

  it(
    'neither waits for nor fails on a log another process holds locked: the answer, one warning',
    async () => {
      const locked = freshEnv();
      expect((await agents(locked, 'invoke', emulatorAgentId, 'before the lock')).code).toBe(0);
      const holder = spawn(
        process.execPath,
        [
          '-e',
          `const { DatabaseSync } = require('node:sqlite');
         const db = new DatabaseSync(process.argv[1]);
         db.exec('BEGIN EXCLUSIVE');
         db.exec("INSERT INTO runs (id, started_at, command, input, answer, exit_code) VALUES ('held', 0, 'invoke', 'x', 'y', 0)");
         process.stdout.write('locked\\n');
         setTimeout(() => { db.exec('COMMIT'); db.close(); }, 5000);`,
          join(locked.AGENTS_CONFIG_DIR!, 'logs.db'),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      try {
        await new Promise((resolve) => holder.stdout.once('data', resolve));
        const result = await agents(locked, 'invoke', emulatorAgentId, 'while it is locked');
        expect(holder.exitCode).toBeNull(); // the lock was still held when the invoke ended
        expect(result.code).toBe(0);
        expect(result.stdout).toContain('while it is locked');
        expect(result.stderr.split('\n').filter((line) => line.startsWith('warning:'))).toEqual([
          expect.stringContaining('is busy (another agents is writing to it): this run was not logged'),
        ]);
      } finally {
        holder.kill();
      }
    },
    limit(30_000),
  );

  it('hides a secret the service echoes, in the answer and the input, from every byte of the file', async () => {
    const secretEnv = freshEnv();
    const result = await agents(secretEnv, 'invoke', emulatorAgentId, `my token is ${emulator.token}`);
    expect(result.code).toBe(0);
    const [run] = await logged(secretEnv);
    expect(run!.input).toContain('my token is');
    expect(run!.answer).toContain('my token is');
    const bytes = fileBytes(secretEnv);
    expect(bytes).not.toContain(emulator.token);
    expect(bytes).toContain('my token is');
  });

  it('lists by agent, session, time and failure; shows a run by id prefix; searches with the matching words marked', async () => {
    const runs = await logged(env);
    expect((await logged(env, '--agent', 'Travel bot')).every((run) => run.agentName === 'Travel bot')).toBe(true);
    expect((await logged(env, '--failed')).every((run) => run.exitCode !== 0)).toBe(true);
    expect(await logged(env, '--since', '2000-01-01', '--until', '2000-01-02')).toEqual([]);
    const chat = runs.find((run) => run.command === 'chat')!;
    expect((await logged(env, '--session', chat.sessionId!)).map((run) => run.command)).toEqual(['chat', 'chat']);

    const shown = await agents(env, 'logs', 'show', chat.id.slice(0, 12));
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`run ${chat.id}`);
    expect(shown.stdout).toContain(chat.answer);
    expect((await agents(env, 'logs', 'show', 'zzzz')).code).toBe(5);

    const found = await agents(env, 'logs', 'search', 'RAIN', 'paris');
    expect(found.code).toBe(0);
    expect(found.stdout).toMatch(/\[rain\] in \[Paris\]/i);
    const hits = json<Array<{ run: Run }>>(await agents(env, 'logs', 'search', 'rain', '--json'));
    const withRain = runs.filter((run) => /\brain\b/i.test(run.input + run.answer)).map((run) => run.id);
    expect(hits.map((hit) => hit.run.id).sort()).toEqual(withRain.sort());
    // A prefix ends with *; emoji and punctuation alone are refused, saying the rules.
    const prefixed = json<Array<{ run: Run }>>(await agents(env, 'logs', 'search', 'rai*', '--json'));
    expect(prefixed.map((hit) => hit.run.id).sort()).toEqual(
      runs
        .filter((run) => /\brai/i.test(run.input + run.answer))
        .map((run) => run.id)
        .sort(),
    );
    expect(prefixed.length).toBeGreaterThanOrEqual(withRain.length);
    const emoji = await agents(env, 'logs', 'search', '🎉');
    expect(emoji.code).toBe(2);
    expect(emoji.stderr).toBe(
      'error: "🎉" holds no word to search for\nThe search matches words of letters and digits (not emoji or punctuation); end one with * to match its start: wea*.\n',
    );
  });

  it('gives per-agent statistics: runs, failures by kind, p50 and p95 timings', async () => {
    const stats = json<
      Array<{
        agentName: string;
        runs: number;
        failures: Record<string, number>;
        totalMs: { p50: number; p95: number };
      }>
    >(await agents(env, 'logs', 'stats', '--json'));
    const runs = await logged(env);
    const support = stats.find((entry) => entry.agentName === 'Support bot')!;
    const supportRuns = runs.filter((run) => run.agentName === 'Support bot');
    expect(support.runs).toBe(supportRuns.length);
    expect(support.failures.stream).toBe(supportRuns.filter((run) => run.error?.kind === 'stream').length);
    const totals = supportRuns.map((run) => run.totalMs!).sort((a, b) => a - b);
    expect(support.totalMs.p95).toBe(Math.round(totals[Math.ceil(0.95 * totals.length) - 1]!));
    expect(support.totalMs.p50).toBe(Math.round(totals[Math.ceil(0.5 * totals.length) - 1]!));
  });

  it('replays a run to its agent or another, in a fresh session, with both answers; the replay is logged', async () => {
    const [original] = await logged(env, '--agent', 'Travel bot');
    const replay = json<{
      run: string;
      logged: { answer: string };
      now: { answer: string; ttftMs: number };
      id: string;
    }>(await agents(env, 'logs', 'replay', original!.id, '--json'));
    expect(replay.run).toBe(original!.id);
    expect(replay.now.answer).toBe(replay.logged.answer); // the emulator answers a fresh session alike
    const other = json<{ agentId: string; now: { answer: string } }>(
      await agents(env, 'logs', 'replay', original!.id, '--agent', 'Support bot', '--json'),
    );
    expect(other.agentId).not.toBe(original!.agentId);
    const [latest] = await logged(env);
    expect(latest).toMatchObject({ command: 'replay', agentName: 'Support bot', input: original!.input });
  });

  it(
    'turns runs into eval cases that agents eval runs as written',
    async () => {
      const file = join(starter.dir, 'logged-cases.yaml');
      const made = await agents(env, 'logs', 'to-eval', '--agent', 'Travel bot', '-n', '3', '-o', file);
      expect(made.code, made.stderr).toBe(0);
      const text = readFileSync(file, 'utf8');
      expect(text).toMatch(/^# Eval cases from the run log/);
      expect(text).toContain('tool-called: forecast');
      const ran = await agents(env, 'eval', '-f', file);
      expect(ran.code, ran.stdout + ran.stderr).toBe(0);
      expect(ran.stdout).toMatch(/passed, 0 failed/);
    },
    limit(30_000),
  );

  it('forgets runs by id, by --before and by --agent: their text leaves the file, full-text index included', async () => {
    const forget = freshEnv();
    const marker = 'zqxmarkerforgotten';
    expect((await agents(forget, 'invoke', emulatorAgentId, `remember ${marker}`)).code).toBe(0);
    expect((await agents(forget, 'invoke', emulatorAgentId, 'keep this one')).code).toBe(0);
    const [, first] = await logged(forget);
    expect(fileBytes(forget)).toContain(marker);
    expect((await agents(forget, 'logs', 'rm', first!.id)).code).toBe(2); // off a terminal: --yes
    expect((await agents(forget, 'logs', 'rm', first!.id, '--yes')).code).toBe(0);
    expect((await logged(forget)).map((run) => run.input)).toEqual(['keep this one']);
    expect(fileBytes(forget)).not.toContain(marker);
    expect(json<unknown[]>(await agents(forget, 'logs', 'search', marker, '--json'))).toEqual([]);
    expect(
      json<{ removed: number }>(await agents(forget, 'logs', 'rm', '--before', '1d', '--yes', '--json')).removed,
    ).toBe(0);
    expect(
      json<{ removed: number }>(
        await agents(forget, 'logs', 'rm', '--agent', emulatorAgentId.slice(0, 8), '--yes', '--json'),
      ).removed,
    ).toBe(1);
  });

  it(
    'prunes to logs.max-runs and logs.max-days as runs are written',
    async () => {
      const pruned = freshEnv();
      expect((await agents(pruned, 'config', 'set', 'logs.max-runs', '3')).code).toBe(0);
      for (let i = 0; i < 5; i++) expect((await agents(pruned, 'invoke', emulatorAgentId, `run ${i}`)).code).toBe(0);
      expect((await logged(pruned)).map((run) => run.input)).toEqual(['run 4', 'run 3', 'run 2']);
      const db = new sqlite!.DatabaseSync(join(pruned.AGENTS_CONFIG_DIR!, 'logs.db'));
      db.exec(`UPDATE runs SET started_at = ${Date.now() - 3 * 86_400_000} WHERE input <> 'run 4'`);
      db.close();
      const aged = { ...pruned, AGENTS_LOGS_MAX_DAYS: '2' };
      expect((await agents(aged, 'invoke', emulatorAgentId, 'run 5')).code).toBe(0);
      expect((await logged(pruned)).map((run) => run.input)).toEqual(['run 5', 'run 4']);
    },
    limit(30_000),
  );

  it(
    'is off with --no-log, AGENTS_NO_LOG=1 or agents logs off, and on again with agents logs on',
    async () => {
      const switched = freshEnv();
      expect((await agents(switched, 'invoke', emulatorAgentId, 'one', '--no-log')).code).toBe(0);
      // Every way of saying yes, in any case: one reader for the switch variables.
      for (const yes of ['1', 'true', 'YES', 'On'])
        expect((await agents({ ...switched, AGENTS_NO_LOG: yes }, 'invoke', emulatorAgentId, `two ${yes}`)).code).toBe(
          0,
        );
      expect(await logged(switched)).toEqual([]);
      // A value that is neither: exit 2 naming the variable, before any request.
      const unclear = await agents({ ...switched, AGENTS_NO_LOG: 'maybe' }, 'invoke', emulatorAgentId, 'two');
      expect([unclear.code, unclear.stderr]).toEqual([
        2,
        expect.stringContaining('AGENTS_NO_LOG must be true or false'),
      ]);
      expect((await agents(switched, 'logs', 'off')).code).toBe(0);
      expect((await agents(switched, 'invoke', emulatorAgentId, 'three')).code).toBe(0);
      const status = json<{ logging: boolean; why: string }>(await agents(switched, 'logs', 'status', '--json'));
      expect(status).toMatchObject({ logging: false, why: 'agents logs off (profile "default")' });
      expect(await logged(switched)).toEqual([]);
      expect((await agents(switched, 'logs', 'on')).code).toBe(0);
      expect((await agents(switched, 'invoke', emulatorAgentId, 'four')).code).toBe(0);
      expect((await logged(switched)).map((run) => run.input)).toEqual(['four']);
    },
    limit(30_000),
  );

  it(
    'a retention setting it cannot read never stops invoke: one warning, and that run is not logged',
    async () => {
      const bad = freshEnv({ AGENTS_LOGS_MAX_RUNS: 'abc' });
      const result = await agents(bad, 'invoke', emulatorAgentId, 'kept out');
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr.match(/AGENTS_LOGS_MAX_RUNS[^\n]*this run is not logged/g)).toHaveLength(1);
      const { AGENTS_LOGS_MAX_RUNS: _dropped, ...good } = bad;
      expect(await logged(good)).toEqual([]);
    },
    limit(30_000),
  );

  it('offers recent run ids with their first words to shell completion', async () => {
    const runs = await logged(env);
    const candidates = completionCandidates('runs', env);
    expect(candidates[0]).toBe(`${runs[0]!.id}\t${runs[0]!.input.replace(/\s+/g, ' ').slice(0, 60)}`);
    expect(completionCandidates('runs', env, runs[1]!.id.slice(0, 14))).toContain(
      `${runs[1]!.id}\t${runs[1]!.input.replace(/\s+/g, ' ').slice(0, 60)}`,
    );
  });

  describe('a log it cannot use: agents logs says so in one line (exit 2); other commands answer and warn once', () => {
    const cases: Array<[string, (path: string, env: Record<string, string>) => Promise<void> | void, RegExp]> = [
      [
        'not SQLite',
        (path) => writeFileSync(path, 'hello, not a database\n', { mode: 0o600 }),
        /is not a SQLite database/,
      ],
      [
        'damaged',
        async (path, env) => {
          expect((await agents(env, 'invoke', emulatorAgentId, 'hi')).code).toBe(0);
          const bytes = readFileSync(path);
          bytes.fill(0x5a, 100);
          writeFileSync(path, bytes);
        },
        /is damaged/,
      ],
      [
        'from a newer agents',
        async (path, env) => {
          expect((await agents(env, 'invoke', emulatorAgentId, 'hi')).code).toBe(0);
          const db = new sqlite!.DatabaseSync(path);
          db.exec('PRAGMA user_version = 99');
          db.close();
        },
        /was written by a newer agents \(schema 99/,
      ],
      [
        'a link owned by someone else',
        (path) => {
          const target = join(mkdtempSync(join(tmpdir(), 'agents-logs-target-')), 'elsewhere.db');
          writeFileSync(target, '');
          symlinkSync(target, path);
          lchownSync(path, 65534, 65534);
        },
        /belongs to another user/,
      ],
    ];
    it.each(cases)('%s', async (what, make, problem) => {
      if (what.startsWith('a link') && process.getuid?.() !== 0) return; // only root can give a link away
      const bad = freshEnv();
      const path = join(bad.AGENTS_CONFIG_DIR!, 'logs.db');
      (await import('node:fs')).mkdirSync(bad.AGENTS_CONFIG_DIR!, { recursive: true });
      await make(path, bad);
      const listed = await agents(bad, 'logs');
      expect(listed.code).toBe(2);
      const lines = listed.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(problem);
      expect(lines[0]).toContain(`mv ${path} ${path}.old`);
      const invoked = await agents(bad, 'invoke', emulatorAgentId, 'still answered');
      expect(invoked.code).toBe(0);
      expect(invoked.stdout).toContain('still answered');
      expect(invoked.stderr.split('\n').filter((line) => line.startsWith('warning:'))).toHaveLength(1);
    });
  });
});

describe.runIf(!sqlite)('on a Node without node:sqlite', () => {
  const warnings = (result: { stderr: string }) =>
    result.stderr.split('\n').filter((line) => line.startsWith('warning:'));
  const HINT = 'install Node 22.13 or newer (e.g. `nvm install 22`, or from nodejs.org)';
  it('agents logs says what it needs and how to get it (exit 2); invoke records nothing and says nothing off a terminal', async () => {
    const env = freshEnv();
    const listed = await agents(env, 'logs');
    expect(listed.code).toBe(2);
    expect(listed.stderr).toBe(
      `error: agents logs needs Node 22.13 or newer (this is Node ${process.versions.node}): runs are not logged here\nTo keep runs, ${HINT}.\n`,
    );
    const invoked = await agents(env, 'invoke', emulatorAgentId, 'hello');
    expect(invoked.code).toBe(0);
    expect(invoked.stderr).not.toMatch(/warning|log/);
    expect(existsSync(join(env.AGENTS_CONFIG_DIR!, 'logs.db'))).toBe(false);
  });

  it('on a terminal, the first run of each profile says runs are not kept and how to get Node 22.13; the next ones do not', async () => {
    const env = freshEnv();
    const invoke = (extra: Record<string, string> = {}, ...flags: string[]) =>
      runCli(['invoke', emulatorAgentId, 'hello', ...flags], {
        env: { ...env, NO_COLOR: '1', ...extra },
        configDir: env.AGENTS_CONFIG_DIR,
        tty: true,
      });
    const notice = `warning: runs are not logged on Node ${process.versions.node} (profile "default"): ${HINT} to keep them; said once`;
    const first = await invoke();
    expect([first.code, warnings(first)]).toEqual([0, [notice]]);
    // The notice is recorded beside the command's answer, not before it: waited for, as a file.
    const state = join(env.AGENTS_CONFIG_DIR!, 'state.json');
    await vi.waitFor(() => expect(existsSync(state) && readFileSync(state, 'utf8')).toContain('no-run-log default'));
    const second = await invoke();
    expect([second.code, warnings(second)]).toEqual([0, []]);
    // Another profile is told too; a run that would not be logged anyway is not.
    expect(warnings(await invoke({ AGENTS_PROFILE: 'ci' }))).toEqual([notice.replace('"default"', '"ci"')]);
    expect(warnings(await invoke({ AGENTS_PROFILE: 'other' }, '--no-log'))).toEqual([]);
  });

  it('logs on and off save the setting and say this Node keeps nothing', async () => {
    const env = freshEnv();
    const off = await agents(env, 'logs', 'off');
    expect(off).toMatchObject({ code: 0, stderr: '✓ Saved logs false for profile "default".\n' });
    expect((await agents(env, 'config', 'get', 'logs')).stdout).toBe('false\n');
    const on = await agents(env, 'logs', 'on');
    expect(on.code).toBe(0);
    expect(on.stderr).toBe(
      `warning: this is Node ${process.versions.node}, which cannot keep runs: ${HINT} to keep them\n✓ Saved logs true for profile "default".\n`,
    );
    expect((await agents(env, 'config', 'get', 'logs')).stdout).toBe('true\n');
  });
});

/** An agent the emulator always has: its id, so no name lookup. */
let emulatorAgentId = '';
beforeAll(async () => {
  const env = freshEnv();
  const created = await agents(env, 'create', '-q', '--name', 'Echo bot', '--description', 'd', '--llm-model', 'GPT_4');
  emulatorAgentId = created.stdout.trim();
});
