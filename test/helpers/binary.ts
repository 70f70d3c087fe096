// Runs the built bin/agents.js as a user would (npm test builds it first).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/agents.js', import.meta.url));
const DIST_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface BinaryResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function assertBuilt(): void {
  if (!existsSync(DIST_MAIN)) throw new Error('dist/ is missing: run `npm run build` (npm test does it)');
}

/**
 * What a process a test starts inherits: PATH and HOME, and a data folder inside the run's temporary
 * root, so a command given no AGENTS_CONFIG_DIR keeps its run log there, never in the user's home.
 */
export function childEnv(env: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    XDG_DATA_HOME: join(tmpdir(), 'xdg-data'),
    ...env,
  };
}

export function runBinary(
  args: string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<BinaryResult> {
  assertBuilt();
  return spawnCollecting(
    process.execPath,
    [BIN, ...args],
    childEnv({
      ...(process.env.AGENTS_CACHE_DIR ? { AGENTS_CACHE_DIR: process.env.AGENTS_CACHE_DIR } : {}),
      ...options.env,
    }),
    options.input,
    options.cwd,
  );
}

/** Runs a command to its end with stdin given, and collects stdout, stderr and how it ended. */
export function spawnCollecting(
  command: string,
  args: string[],
  env: Record<string, string>,
  input = '',
  cwd?: string,
): Promise<BinaryResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.on('error', () => undefined); // a child that ends (or never started) before reading its input
    child.stdin.end(input);
  });
}

/**
 * The binary with stdout or stdin on the given files (a device: /dev/full, /dev/zero), stderr
 * collected, and its peak resident memory sampled from /proc while it runs (Linux), in MiB.
 */
export function runMeasured(
  args: string[],
  options: { env?: Record<string, string>; stdoutFile?: string; stdinFile?: string } = {},
): Promise<BinaryResult & { peakMiB: number }> {
  assertBuilt();
  const out = options.stdoutFile ? openSync(options.stdoutFile, 'w') : 'pipe';
  const input = options.stdinFile ? openSync(options.stdinFile, 'r') : 'pipe';
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: childEnv(options.env),
      stdio: [input, out, 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let peakKiB = 0;
    const sample = setInterval(() => {
      try {
        const rss = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
        if (rss) peakKiB = Math.max(peakKiB, Number(rss));
      } catch {
        // ended between two samples
      }
    }, 10);
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(sample);
      for (const fd of [out, input]) if (typeof fd === 'number') closeSync(fd);
      resolve({ code, signal, stdout, stderr, peakMiB: peakKiB / 1024 });
    });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end();
  });
}
