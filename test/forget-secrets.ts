// Runs before each test file. Files share their worker's modules (vitest.config.ts), so the secrets
// an earlier file's runs remembered would scrub this file's output: start from none, as a process does.
import { forgetSecrets } from '../src/secrets/known.js';

forgetSecrets();
