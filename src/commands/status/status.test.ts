// `agents status`: where each setting comes from, the token masked.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/run-cli.js';

const TOKEN = 'tok_status_secret_0123456789';

describe('status', () => {
  it('names the source of each setting and shows only the end of the token', async () => {
    const result = await runCli(['status'], { env: { AGENTS_BASE_URL: 'http://127.0.0.1:9', AGENTS_TOKEN: TOKEN } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/base URL\s+http:\/\/127\.0\.0\.1:9 \(environment\)/);
    expect(result.stdout).toMatch(/token\s+\*+6789 \(from AGENTS_TOKEN\)/);
    expect(result.stdout).toMatch(/timeout\s+60s \(default\)/);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });
});
