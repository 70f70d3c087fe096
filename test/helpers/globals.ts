// The global options of a line that gives none, as the program reads them, with a test's own.
import type { GlobalOptions } from '../../src/definition/global-flags.js';

export const lineGlobals = (given: Partial<GlobalOptions> = {}): GlobalOptions => ({
  json: false,
  quiet: false,
  input: true,
  color: false,
  debug: false,
  showSecrets: false,
  log: true,
  ...given,
});
