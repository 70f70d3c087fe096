// Runs before each test file. Files share their worker's modules (vitest.config.ts), so the secrets
// an earlier file's runs remembered would scrub this file's output: start from none, as a process does.
import { loadZod } from '../src/util/zod.js';
import { forgetSecrets } from '../src/secrets/known.js';
import { tuneV8 } from '../src/tuning.js';

forgetSecrets();

// The program loads zod before a command reads its options (util/zod.ts); tests that build schemas
// without running a command find it loaded too.
await loadZod();

// V8 set as the entry point sets it (main.ts), so patterns take the engine a run gives them.
tuneV8();
