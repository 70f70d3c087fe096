// Whether to colour a stream, decided without loading chalk (start-up paths stay light).
import type { Deps, OutputStream } from '../deps.js';

/** Plain functions, passed around on their own (`rows.map(theme.muted)`). */
export interface Theme {
  error: (text: string) => string;
  warn: (text: string) => string;
  success: (text: string) => string;
  muted: (text: string) => string;
  accent: (text: string) => string;
  heading: (text: string) => string;
}

const same = (text: string) => text;

export const PLAIN_THEME: Theme = { error: same, warn: same, success: same, muted: same, accent: same, heading: same };

/** chalk ignores NO_COLOR, so the decision is made here: flag, NO_COLOR, FORCE_COLOR, TERM=dumb, TTY. */
export function colorEnabled(
  stream: OutputStream,
  env: Record<string, string | undefined>,
  colorFlag: boolean,
): boolean {
  if (!colorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

export interface Colours {
  stdout: boolean;
  stderr: boolean;
}

/** Each stream's colour, decided once per run (commands/define.ts) and kept by the Io. */
export const decideColours = (deps: Pick<Deps, 'stdout' | 'stderr' | 'env'>, colorFlag: boolean): Colours => ({
  stdout: colorEnabled(deps.stdout, deps.env, colorFlag),
  stderr: colorEnabled(deps.stderr, deps.env, colorFlag),
});
