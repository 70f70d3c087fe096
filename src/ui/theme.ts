// Colour by role, from one place. chalk ignores NO_COLOR, so the level is decided here.
import { Chalk, type ChalkInstance } from 'chalk';
import type { OutputStream } from '../deps.js';

export interface Theme {
  error(text: string): string;
  warn(text: string): string;
  success(text: string): string;
  muted(text: string): string;
  accent(text: string): string;
  heading(text: string): string;
}

export function colorEnabled(stream: OutputStream, env: Record<string, string | undefined>, colorFlag: boolean): boolean {
  if (!colorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

export function createTheme(enabled: boolean): Theme {
  const c: ChalkInstance = new Chalk({ level: enabled ? 1 : 0 });
  return {
    error: (t) => c.red(t),
    warn: (t) => c.yellow(t),
    success: (t) => c.green(t),
    muted: (t) => c.dim(t),
    accent: (t) => c.cyan(t),
    heading: (t) => c.bold(t),
  };
}
