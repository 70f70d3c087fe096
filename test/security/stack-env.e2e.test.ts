// a stack file from a pull request cannot make apply read GITHUB_TOKEN, AGENTS_TOKEN or any
// other variable: only AGENTS_KEY_* ones, plus those allowed with --allow-env. The built binary against
// the emulator, which records every request it gets.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertBuilt, runBinary } from '../helpers/binary.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';

const running = useEmulatorEnv();
const GITHUB_TOKEN = 'ghp_pretend_ci_secret_0123456789';
const stackNaming = (variable: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'agents-stack-env-')), 'stack.yaml');
  writeFileSync(path, `llms:\n  - provider: OPENAI\n    apiKeyEnv: ${variable}\n`);
  return path;
};
const apply = (file: string, extra: string[] = [], env: Record<string, string> = {}) => {
  assertBuilt();
  return runBinary(['apply', '-f', file, ...extra], {
    env: { ...running.env, GITHUB_TOKEN, AGENTS_KEY_OPENAI: 'sk-allowed-0123456789', ...env },
  });
};
const requestsSoFar = () => running.emulator.requests.length;
/** What the service holds, secrets in clear (--show-secrets), as the test's witness of what was sent. */
const serviceRecord = async (argv: string[]) =>
  JSON.parse((await runBinary([...argv, '--json', '--show-secrets'], { env: running.env })).stdout) as Record<
    string,
    unknown
  >;

describe('which variables a stack file may read a key from', () => {
  it('refuses GITHUB_TOKEN: exit 2 before any request, naming the entry and the rule, the value never sent or shown', async () => {
    const before = requestsSoFar();
    const result = await apply(stackNaming('GITHUB_TOKEN'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /stack\.yaml:3: LLM "OPENAI": apiKeyEnv: GITHUB_TOKEN may not be read: a stack file may read only variables that start with AGENTS_KEY_/,
    );
    expect(result.stderr).toContain('--allow-env GITHUB_TOKEN');
    expect(requestsSoFar()).toBe(before);
    expect(result.stdout + result.stderr).not.toContain(GITHUB_TOKEN);
  });

  it.each(['AGENTS_TOKEN', 'AGENTS_BASE_URL', 'AGENTS_LLM_API_KEY'])(
    'never reads the CLI setting %s, even with --allow-env',
    async (setting) => {
      const before = requestsSoFar();
      const result = await apply(stackNaming(setting), ['--allow-env', setting], {
        AGENTS_LLM_API_KEY: 'sk-cli-setting-0123',
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `apiKeyEnv: ${setting} may not be read: ${setting} is a setting of the CLI itself`,
      );
      expect(requestsSoFar()).toBe(before);
    },
  );

  it('reads AGENTS_KEY_* and what --allow-env names (repeatable), and sends it to the service', async () => {
    const keyed = await apply(stackNaming('AGENTS_KEY_OPENAI'));
    expect(keyed.code, keyed.stderr).toBe(0);
    expect(await serviceRecord(['llms', 'get', 'OPENAI'])).toMatchObject({ apiKey: 'sk-allowed-0123456789' });
    const allowed = await apply(
      stackNaming('OPENAI_API_KEY'),
      ['--allow-env', 'OTHER', '--allow-env', 'OPENAI_API_KEY'],
      {
        OPENAI_API_KEY: 'sk-invoker-allowed-42',
      },
    );
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(await serviceRecord(['llms', 'get', 'OPENAI'])).toMatchObject({ apiKey: 'sk-invoker-allowed-42' });
    // The key is never printed, even in the plan.
    expect(allowed.stdout + allowed.stderr).not.toContain('sk-invoker-allowed-42');
  });

  it('a variable that is not set stops the whole file before any request (nothing half-applied)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agents-stack-env-')), 'stack.yaml');
    writeFileSync(
      path,
      'tools:\n  - {name: early, type: FUNCTION}\nllms:\n  - provider: GROQ\n    apiKeyEnv: AGENTS_KEY_MISSING\nagents:\n  - {name: late, description: d, llmModel: GPT_4}\n',
    );
    const before = requestsSoFar();
    const result = await apply(path);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('stack.yaml:5: LLM "GROQ": apiKeyEnv: AGENTS_KEY_MISSING is not set');
    expect(requestsSoFar()).toBe(before);
  });

  it('a secret in tool metadata is read from its …Env variable under the same rule', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agents-stack-env-')), 'stack.yaml');
    writeFileSync(
      path,
      'tools:\n  - name: search\n    type: BING_SEARCH\n    metadata:\n      bingSearchApiKeyEnv: GITHUB_TOKEN\n',
    );
    const refused = await apply(path);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'stack.yaml:5: tool "search": metadata.bingSearchApiKeyEnv: GITHUB_TOKEN may not be read',
    );
    writeFileSync(
      path,
      'tools:\n  - name: search\n    type: BING_SEARCH\n    metadata:\n      bingSearchApiKeyEnv: AGENTS_KEY_BING\n',
    );
    const applied = await apply(path, [], { AGENTS_KEY_BING: 'bing-key-from-env-77' });
    expect(applied.code, applied.stderr).toBe(0);
    const stored = JSON.stringify(await serviceRecord(['tools', 'get', 'search']));
    expect(stored).toContain('bing-key-from-env-77');
    expect(stored).not.toContain('bingSearchApiKeyEnv');
  });
});
