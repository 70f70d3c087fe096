// `npm run demo`, the README's first command, as CI would meet it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { limit } from '../helpers/limits.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('npm run demo', () => {
  it(
    'tours the binary against its own emulator and ends with every step done (exit 0)',
    () => {
      const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'demo.mjs')], {
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain("$ agents invoke 'Travel bot' 'Will it rain in Paris tomorrow?'");
      expect(result.stderr).toMatch(/⚙ forecast\(/); // the tool the stack file attached, called (on stderr, as tool calls are)
      expect(result.stdout).toContain('# Done. Every command above ran through the real binary.');
    },
    limit(90_000),
  );
});
