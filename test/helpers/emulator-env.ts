// A fresh in-process emulator for a test file, and the environment that points the CLI at it.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { tempConfigDir } from './run-cli.js';

export interface EmulatorEnv {
  emulator: RunningEmulator;
  /** AGENTS_CONFIG_DIR, AGENTS_BASE_URL and AGENTS_TOKEN. */
  env: Record<string, string>;
}

/** Starts the emulator before the file's tests (answering at once, unless told a pace) and stops it after them. */
export function useEmulatorEnv(options: { tokenDelayMs?: number } = {}): EmulatorEnv {
  const shared = {} as EmulatorEnv;
  beforeAll(async () => {
    shared.emulator = await startEmulator({ tokenDelayMs: options.tokenDelayMs ?? 0 });
    shared.env = {
      AGENTS_CONFIG_DIR: tempConfigDir(),
      AGENTS_BASE_URL: shared.emulator.url,
      AGENTS_TOKEN: shared.emulator.token,
    };
  });
  afterAll(() => shared.emulator.close());
  return shared;
}

/** A fresh emulator (in the given mode) and config folder for each test: tests that write. */
export function useEmulatorPerTest(strict: boolean): EmulatorEnv {
  const current = {} as EmulatorEnv;
  beforeEach(async () => {
    current.emulator = await startEmulator({ strict });
    current.env = {
      AGENTS_CONFIG_DIR: tempConfigDir(),
      AGENTS_BASE_URL: current.emulator.url,
      AGENTS_TOKEN: current.emulator.token,
    };
  });
  afterEach(() => current.emulator.close());
  return current;
}
