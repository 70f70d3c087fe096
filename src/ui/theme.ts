// Colour by role, from one place.
import { Chalk } from 'chalk';
import { PLAIN_THEME, type Theme } from './color-support.js';

export { colorEnabled, type Theme } from './color-support.js';

export function createTheme(enabled: boolean): Theme {
  if (!enabled) return PLAIN_THEME;
  const c = new Chalk({ level: 1 });
  return {
    error: (t) => c.red(t),
    warn: (t) => c.yellow(t),
    success: (t) => c.green(t),
    muted: (t) => c.dim(t),
    accent: (t) => c.cyan(t),
    heading: (t) => c.bold(t),
  };
}
