// The real service cannot map GPT_4_0 to a provider (its mapping spells
// it GPT_4_O), and has no llmProvider on PATCH. The emulator follows that rule, every create
// example in README and --help runs as written against it, and the CLI says what to pass.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, runBinary } from '../helpers/binary.js';
import { helpExamples } from '../helpers/doc-examples.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';

const running = useEmulatorEnv();

const agents = (...args: string[]) => runBinary(args, { env: running.env });

describe('a model the service cannot map', () => {
  it('GPT_4_0 without --llm-provider: the emulator answers 400 as the real service does; the CLI says what to pass', async () => {
    const result = await agents('create', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_4_0');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: LLM provider not found\nThe service cannot tell the provider of GPT_4_0 by itself: pass --llm-provider OPENAI (in a file: llmProvider: OPENAI).\n',
    );
  });

  it('GPT_4_0 with --llm-provider OPENAI is created', async () => {
    const result = await agents(
      'create',
      '-q',
      '--name',
      'x',
      '--description',
      'd',
      '--llm-model',
      'GPT_4_0',
      '--llm-provider',
      'OPENAI',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
  });

  it('every `agents create` example in README.md and in --help runs as written', async () => {
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    const fromReadme = [...readme.matchAll(/`?(agents create --name [^`\n]+)`?/g)].map((m) => m[1]!);
    const help = (await agents('--help')).stdout + (await agents('create', '--help')).stdout;
    const fromHelp = helpExamples(help).filter((example) => example.startsWith('agents create --name'));
    const examples = [...new Set([...fromReadme, ...fromHelp])];
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) {
      // bash reads the quotes as a user's shell would; `agents` is the built binary.
      const script = `agents() { "${process.execPath}" "${BIN}" "$@"; }\n${example} -q`;
      // Not execFileSync: the emulator answers from this process's event loop.
      const { stdout: id } = await promisify(execFile)('bash', ['-c', script], {
        env: { ...process.env, ...running.env },
        encoding: 'utf8',
      });
      expect({ example, id }).toEqual({ example, id: expect.stringMatching(/^[0-9a-f-]{36}\n$/) });
    }
  });
});

describe('update --llm-provider', () => {
  it('is refused with exit 2 and how to change the LLM; nothing is sent', async () => {
    const id = (
      await agents('create', '-q', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_4')
    ).stdout.trim();
    const result = await agents('update', id, '--llm-provider', 'ANTHROPIC');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: update cannot change llmProvider: the service has no such field on PATCH/);
    expect(result.stderr).toContain('agents add-llm');
    expect((await agents('update', '--help')).stdout).not.toContain('--llm-provider');
  });
});

describe('update --llm-model of a model the service cannot map', () => {
  it('is sent when the agent has an LLM of its provider, refused with exit 2 and what to attach when not', async () => {
    const openai = (
      await agents('create', '-q', '--name', 'o', '--description', 'd', '--llm-model', 'GPT_4')
    ).stdout.trim();
    expect(await agents('update', openai, '-q', '--llm-model', 'GPT_4_0')).toMatchObject({ code: 0, stderr: '' });
    const created = await runBinary(['llms', 'create', '-q', '--provider', 'TOGETHER_AI'], {
      env: { ...running.env, AGENTS_LLM_API_KEY: 'tg-not-real-0123456789' },
    });
    expect(created.code, created.stderr).toBe(0);
    const together = (
      await agents(
        'create',
        '-q',
        '--name',
        't',
        '--description',
        'd',
        '--llm-model',
        'MISTRAL_7B_INSTRUCT_V01',
        '--llm-provider',
        'TOGETHER_AI',
      )
    ).stdout.trim();
    const refused = await agents('update', together, '--llm-model', 'GPT_4_0');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `error: --llm-model GPT_4_0: the service cannot tell its provider by itself\nAn update cannot send --llm-provider and this agent has no OPENAI LLM: attach one first (\`agents add-llm ${together} OPENAI\`), then update.\n`,
    );
    expect(JSON.parse((await agents('get', together, '--json')).stdout).llmModel).toBe('MISTRAL_7B_INSTRUCT_V01');
  });
});
