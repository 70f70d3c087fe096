// Runs the built bin/agents.js as a user would (npm test builds it first).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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

export function runBinary(
  args: string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<BinaryResult> {
  assertBuilt();
  return spawnCollecting(
    process.execPath,
    [BIN, ...args],
    {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      ...(process.env.AGENTS_CACHE_DIR ? { AGENTS_CACHE_DIR: process.env.AGENTS_CACHE_DIR } : {}),
      ...options.env,
    },
    options.input,
  );
}

/** Runs a command to its end with stdin given, and collects stdout, stderr and how it ended. */
export function spawnCollecting(
  command: string,
  args: string[],
  env: Record<string, string>,
  input = '',
): Promise<BinaryResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
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
