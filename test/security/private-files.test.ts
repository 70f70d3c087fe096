// Files others could plant or read (docs/security.md, rule 26 and "File modes"): a token file for
// `mcp serve --http` is reused only when it is the user's alone, and its token is printed only when
// made; the run log refuses a planted or shared file, side file or folder; new files that hold
// answers or secrets are made 0600, and an existing file keeps its mode.
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { privatePathProblem } from '../../src/io/private-path.js';
import { loadSqlite } from '../../src/logs/sqlite.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';
import { captureStream, stdinFrom } from '../helpers/streams.js';

const running = useEmulatorEnv();
const isRoot = process.getuid?.() === 0;
const folder = () => mkdtempSync(join(tmpdir(), 'agents-private-'));
const modeOf = (path: string) => statSync(path).mode & 0o777;

/** `mcp serve --http` until it has said where it listens, then stopped: what it printed, and its exit. */
async function serveOnce(tokenFile: string): Promise<{ code: number; stderr: string }> {
  const stop = new AbortController();
  const stderr = captureStream();
  const said = new Promise<void>((resolve) =>
    (stderr as unknown as NodeJS.EventEmitter).on('data', () => stderr.text().includes('Ctrl-C stops it') && resolve()),
  );
  const code = run(['mcp', 'serve', '--http', '--port', '0', '--token-file', tokenFile], {
    stdout: captureStream(),
    stderr,
    stdin: stdinFrom(),
    env: running.env,
    signal: stop.signal,
  });
  await Promise.race([said, code]);
  stop.abort();
  return { code: await code, stderr: stderr.text() };
}

describe('the rule', () => {
  it('a private file is the user’s, a regular file, with no group or other bits; a folder writable by no one else', () => {
    const dir = folder();
    const file = join(dir, 'f');
    expect(privatePathProblem(file, 'file')).toBeUndefined(); // missing: made private by the caller
    writeFileSync(file, 'x', { mode: 0o600 });
    expect(privatePathProblem(file, 'file')).toBeUndefined();
    chmodSync(file, 0o644);
    expect(privatePathProblem(file, 'file')).toMatch(/can be read or written by others \(mode 0644/);
    symlinkSync(file, join(dir, 'link'));
    expect(privatePathProblem(join(dir, 'link'), 'file')).toBe('is a symbolic link');
    chmodSync(dir, 0o777);
    expect(privatePathProblem(dir, 'folder')).toMatch(/can be written by others \(mode 0777/);
    chmodSync(dir, 0o755);
    expect(privatePathProblem(dir, 'folder')).toBeUndefined();
    // A folder reached through the user's own link (dotfiles) is its target, checked as such.
    const linked = join(folder(), 'linked');
    symlinkSync(dir, linked);
    expect(privatePathProblem(linked, 'folder')).toBeUndefined();
    chmodSync(dir, 0o777);
    expect(privatePathProblem(linked, 'folder')).toMatch(/can be written by others/);
    chmodSync(dir, 0o755);
  });

  it.runIf(isRoot)('a file or folder of another user', () => {
    const dir = folder();
    const file = join(dir, 'f');
    writeFileSync(file, 'x', { mode: 0o600 });
    chownSync(file, 65534, 65534);
    expect(privatePathProblem(file, 'file')).toBe('belongs to another user (uid 65534)');
  });
});

describe('mcp serve --http --token-file', () => {
  it('makes the file 0600 and never prints its token, made now or reused', async () => {
    const file = join(folder(), 'mcp.token');
    const first = await serveOnce(file);
    expect(first.code, first.stderr).toBe(0);
    const token = readFileSync(file, 'utf8').trim();
    expect(modeOf(file)).toBe(0o600);
    expect(first.stderr).toContain(`Authorization: Bearer the token in ${file} (made now, 0600)`);
    expect(first.stderr).not.toContain(token);
    const second = await serveOnce(file);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain(token);
    expect(second.stderr).toContain(`Authorization: Bearer the token in ${file}`);
  });

  it('refuses a file others can read or write, or a link, before serving (exit 2 naming it)', async () => {
    const dir = folder();
    const shared = join(dir, 'shared.token');
    writeFileSync(shared, 'planted-token-0123456789\n', { mode: 0o666 });
    chmodSync(shared, 0o666);
    const link = join(dir, 'link.token');
    const target = join(dir, 'target.token');
    writeFileSync(target, 'planted-token-0123456789\n', { mode: 0o600 });
    symlinkSync(target, link);
    for (const file of [shared, link]) {
      const result = await serveOnce(file);
      expect(result.code, file).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(`^error: --token-file ${file} (can be read or written by others|is a symbolic link)`),
      );
      expect(result.stderr).not.toContain('MCP over HTTP at');
    }
  });
});

describe('new files that hold answers or secrets', () => {
  it('--report, --junit, --html, export -o and --summary are made 0600; an existing file keeps its mode', async () => {
    const dir = folder();
    writeFileSync(
      join(dir, 'evals.yaml'),
      'cases:\n  - name: one\n    agent: nobody-here\n    input: hi\n    assert:\n      - contains: x\n',
    );
    const out = (name: string) => join(dir, name);
    writeFileSync(out('kept.json'), '{}', { mode: 0o644 });
    chmodSync(out('kept.json'), 0o644);
    await runCli(
      [
        'eval',
        '-f',
        out('evals.yaml'),
        '--report',
        out('kept.json'),
        '--junit',
        out('j.xml'),
        '--html',
        out('r.html'),
        '--summary',
        out('s.md'),
      ],
      { env: running.env },
    );
    for (const name of ['j.xml', 'r.html', 's.md']) expect(modeOf(out(name)), name).toBe(0o600);
    expect(modeOf(out('kept.json'))).toBe(0o644);
    const exported = await runCli(['export', '--all', '-o', out('stack.yaml')], { env: running.env });
    expect(exported.code, exported.stderr).toBe(0);
    expect(modeOf(out('stack.yaml'))).toBe(0o600);
  });
});

describe.runIf(loadSqlite() !== undefined)('the run log', () => {
  const invoke = async (db: string) => {
    const created = await runCli(
      ['create', '-q', '--if-missing', '--name', 'Logged', '--description', 'd', '--llm-model', 'GPT_4'],
      {
        env: running.env,
      },
    );
    return runCli(['invoke', created.stdout.trim(), 'hello'], { env: { ...running.env, AGENTS_LOGS_DB: db } });
  };

  it('refuses a planted 0666 side file, a shared logs.db and a folder others can write: the run is not logged', async () => {
    for (const plant of ['wal', 'db', 'folder'] as const) {
      const logs = join(folder(), 'logs');
      mkdirSync(logs, { mode: 0o700 });
      const db = join(logs, 'logs.db');
      if (plant === 'wal') writeFileSync(`${db}-wal`, '', { mode: 0o666 });
      if (plant === 'db') writeFileSync(db, '', { mode: 0o666 });
      if (plant === 'wal' || plant === 'db') chmodSync(plant === 'wal' ? `${db}-wal` : db, 0o666);
      if (plant === 'folder') chmodSync(logs, 0o777);
      const result = await invoke(db);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr, plant).toMatch(
        /warning: runs are not logged: the run log .*logs\.db (has a side file .*-wal that can be read or written|can be read or written|is in a folder that can be written)/,
      );
      if (plant === 'wal') expect(readFileSync(`${db}-wal`, 'utf8')).toBe('');
    }
  });
});
