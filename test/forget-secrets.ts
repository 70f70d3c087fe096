// Runs before each test file. Files share their worker's modules (vitest.config.ts), so the secrets
// an earlier file's runs remembered would scrub this file's output: start from none, as a process does.
import { loadZod } from '../src/util/zod.js';
import { forgetSecrets } from '../src/secrets/known.js';

forgetSecrets();

// The program loads zod before a command reads its options (util/zod.ts); tests that build schemas
// without running a command find it loaded too.
await loadZod();
