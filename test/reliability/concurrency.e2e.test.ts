// Many `agents` processes at once sharing one config folder, as CI matrix jobs, `xargs -P` and
// backgrounded invocations do: every change survives, a lock left by a killed process does not
// block, and a lock held too long fails config writes cleanly but never withholds an answer.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runBinary } from '../helpers/binary.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { limit } from '../helpers/limits.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ tokenDelayMs: 0 });
});
afterAll(() => emulator.close());

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

async function createAgents(count: number): Promise<string[]> {
  const headers = { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' };
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${emulator.url}/api/v1/agents`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `parallel-${i}`, description: 'd', llmModel: 'GPT_4' }),
    });
    ids.push(((await response.json()) as { data: { id: string } }).data.id);
  }
  return ids;
}

/** The pid of a process that has exited: a lock holder killed with kill -9. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  await new Promise((resolve) => child.once('spawn', resolve));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return child.pid!;
}

// Two cores start Node processes at a fixed pace, so more processes than this make the run longer,
// not the overlap denser: twenty already keep several inside the config's read-modify-write at once.
const PARALLEL = 20;

describe('parallel processes', () => {
  it(
    '20 parallel `config set`, one profile each: all 20 profiles are kept',
    async () => {
      const dir = tempConfigDir();
      const runs = Array.from({ length: PARALLEL }, (_v, i) =>
        runBinary(['config', 'set', 'timeout', String(i + 1), '--profile', `p${i}`], {
          env: { AGENTS_CONFIG_DIR: dir },
        }),
      );
      const results = await Promise.all(runs);
      expect(results.map((r) => r.code)).toEqual(results.map(() => 0));
      const { profiles } = readJson(join(dir, 'config.json'));
      expect(Object.keys(profiles)).toHaveLength(PARALLEL);
      for (let i = 0; i < PARALLEL; i++) expect(profiles[`p${i}`]).toEqual({ timeout: i + 1 });
    },
    limit(60_000),
  );

  it(
    '20 parallel invokes, one agent each: 20 state entries, each with the session it used',
    async () => {
      const dir = tempConfigDir();
      const env = { AGENTS_CONFIG_DIR: dir, AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token };
      const ids = await createAgents(PARALLEL);
      const results = await Promise.all(ids.map((id) => runBinary(['invoke', id, 'hello'], { env })));
      expect(results.map((r) => r.code)).toEqual(results.map(() => 0));
      const { agents } = readJson(join(dir, 'state.json')).services[`default ${emulator.url}`];
      expect(Object.keys(agents).sort()).toEqual([...ids].sort());
      for (const [i, id] of ids.entries()) expect(results[i]!.stderr).toContain(`session ${agents[id].lastSession}`);
    },
    limit(60_000),
  );
});

describe('a lock left behind', () => {
  it('by a killed process does not block the next command', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json.lock'), `${await deadPid()} 0123456789abcdef`);
    const result = await runBinary(['config', 'set', 'timeout', '9'], { env: { AGENTS_CONFIG_DIR: dir } });
    expect(result).toMatchObject({ code: 0, stderr: expect.stringContaining('timeout = 9') });
    expect(readJson(join(dir, 'config.json')).profiles.default).toEqual({ timeout: 9 });
  });

  it('older than the stale limit is broken even when its pid is alive (another machine, another pid namespace)', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    const lock = join(dir, 'config.json.lock');
    writeFileSync(lock, `${process.pid} 0123456789abcdef`);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, minuteAgo, minuteAgo);
    const result = await runBinary(['config', 'set', 'timeout', '7'], { env: { AGENTS_CONFIG_DIR: dir } });
    expect(result.code).toBe(0);
    expect(readJson(join(dir, 'config.json')).profiles.default).toEqual({ timeout: 7 });
  });
});

// At once: each waits out the lock's 3 s in a folder of its own.
describe.concurrent('a lock held by a live process', () => {
  it('makes `config set` exit 1 naming the lock, and leaves the config as it was', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: { timeout: 3 } } }));
    const lock = join(dir, 'config.json.lock');
    writeFileSync(lock, `${process.pid} 0123456789abcdef`); // this test process: alive, and the lock is fresh
    const result = await runBinary(['config', 'set', 'timeout', '9'], { env: { AGENTS_CONFIG_DIR: dir } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: another agents process holds ${lock} (waited 3 s)\nTry again; if no other agents command is running, remove that file.\n`,
    );
    expect(readJson(join(dir, 'config.json')).profiles.default).toEqual({ timeout: 3 });
    expect(readFileSync(lock, 'utf8')).toBe(`${process.pid} 0123456789abcdef`); // not ours to remove
  });

  it('never withholds an answer: invoke prints it, warns about state.json, exits 0', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    const lock = join(dir, 'state.json.lock');
    writeFileSync(lock, `${process.pid} 0123456789abcdef`);
    const [id] = await createAgents(1);
    const result = await runBinary(['invoke', id!, 'hello'], {
      env: { AGENTS_CONFIG_DIR: dir, AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'You said: "hello".\nThis is turn 1 of the session — it is 21°C and sunny in the emulator.\n',
    );
    expect(result.stderr).toContain(
      `warning: another agents process holds ${lock} (waited 3 s); local state not updated`,
    );
  });
});

describe('withFileLock in one process', () => {
  it('runs the holders one at a time, each seeing the change of the one before', async () => {
    const { withFileLock } = await import('../../src/config/file-lock.js');
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'counter.json');
    writeFileSync(file, '0');
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        withFileLock(file, async () => {
          most = Math.max(most, ++inside);
          const value = Number(readFileSync(file, 'utf8'));
          await new Promise((resolve) => setTimeout(resolve, 2));
          writeFileSync(file, String(value + 1));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe('20');
    expect(() => readFileSync(`${file}.lock`)).toThrow(/ENOENT/);
  });

  it('keeps waiting while the lock changes hands; gives up only on one holder that keeps it', async () => {
    const { withFileLock } = await import('../../src/config/file-lock.js');
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'queue.json');
    const lock = `${file}.lock`;
    // The wait is long beside the 150 ms between holders, so a busy machine that delays a hand-over
    // (the whole suite runs at once on two cores) does not read as one holder keeping it.
    const timing = { waitMs: 1000, staleMs: 60_000 };
    // A queue of live holders, 150 ms each, for 3 s: three times the wait, but never one holder for long.
    let turn = 0;
    writeFileSync(lock, `${process.pid} holder-${turn}`);
    const handOver = setInterval(() => writeFileSync(lock, `${process.pid} holder-${++turn}`), 150);
    setTimeout(() => {
      clearInterval(handOver);
      rmSync(lock, { force: true });
    }, 3000);
    const started = Date.now();
    await withFileLock(file, () => undefined, timing);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2950);

    writeFileSync(lock, `${process.pid} stuck`);
    await expect(withFileLock(file, () => undefined, timing)).rejects.toThrow(
      /another agents process holds .* \(waited 1 s\)/,
    );
  });
});
