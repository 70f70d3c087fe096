// Everything for people goes to stderr; stdout is for results only.
import type { OutputStream } from '../deps.js';
import type { Theme } from './theme.js';

export interface Logger {
  info(message: string): void;
  success(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
}

export function createLogger(stderr: OutputStream, theme: Theme, options: { quiet: boolean; debug: boolean }): Logger {
  const line = (text: string) => void stderr.write(text + '\n');
  return {
    info: (m) => options.quiet || line(m),
    success: (m) => options.quiet || line(theme.success('✓') + ' ' + m),
    warn: (m) => line(theme.warn('warning: ') + m),
    error: (m) => line(theme.error('error: ') + m),
    debug: (m) => options.debug && line(theme.muted('debug: ' + m)),
  };
}
