// Registered with `node --import`: records every module URL the process resolves
// into the file named by AGENTS_IMPORT_LOG, so a test can inspect the module graph.
import { register } from 'node:module';

register(new URL('./import-recorder-hooks.mjs', import.meta.url), {
  data: { log: process.env.AGENTS_IMPORT_LOG },
});
