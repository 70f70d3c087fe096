// Everything for people goes to stderr; stdout is for results only.
import type { OutputStream } from '../deps.js';
import { escapeControls as safe } from './safe-text.js';
import type { Theme } from './theme.js';

export interface Logger {
  info(message: string): void;
  success(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
}

export function createLogger(stderr: OutputStream, theme: Theme, options: { quiet: boolean; debug: boolean }): Logger {
  const line = (text: string) => void stderr.write(text + '\n'); // secrets: the stream scrubs (cli.ts)
  return {
    info: (m) => options.quiet || line(m),
    // These take plain text that may quote the service (names, messages): escaped here, once.
    // info takes text the caller may have styled, so callers escape what they quote.
    success: (m) => options.quiet || line(theme.success('✓') + ' ' + safe(m)),
    warn: (m) => line(theme.warn('warning: ') + safe(m)),
    error: (m) => line(theme.error('error: ') + safe(m)),
    debug: (m) => options.debug && line(theme.muted('debug: ' + safe(m))), // quotes response bodies
  };
}
