// The real service cannot map GPT_4_0 to a provider (its mapping spells
// it GPT_4_O), and has no llmProvider on PATCH. The emulator follows that rule, every create
// example in README and --help runs as written against it, and the CLI says what to pass. The
// program in this process (what is tested is what it says, not how a process starts); the examples
// through bash, as a reader's shell splits them, to `agents` answered here (in-process-agents.ts).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { helpExamples } from '../helpers/doc-examples.js';
import { createAgent } from '../helpers/emulator-agent.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { startInProcessAgents } from '../helpers/in-process-agents.js';
import { runCli } from '../helpers/run-cli.js';

const running = useEmulatorEnv();

const cli = (args: string[], env: Record<string, string>) => runCli(args, { env, configDir: env.AGENTS_CONFIG_DIR });
const agents = (...args: string[]) => cli(args, running.env);

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
    const inProcess = await startInProcessAgents();
    try {
      for (const example of examples) {
        // bash reads the quotes as a user's shell would. Not execFileSync: the emulator and the
        // program answer from this process's event loop. No stdin: the shim would wait for its end.
        const { stdout: id } = await promisify(execFile)('bash', ['-c', `${example} -q </dev/null`], {
          env: { ...process.env, ...running.env, PATH: `${inProcess.bin}:${process.env.PATH ?? ''}` },
          encoding: 'utf8',
        });
        expect({ example, id }).toEqual({ example, id: expect.stringMatching(/^[0-9a-f-]{36}\n$/) });
      }
      expect(inProcess.answered()).toBe(examples.length);
    } finally {
      await inProcess.close();
    }
  });
});

describe('update --llm-provider', () => {
  it('is refused with exit 2 and how to change the LLM; nothing is sent', async () => {
    const id = await createAgent(running.env, 'x');
    const result = await agents('update', id, '--llm-provider', 'ANTHROPIC');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: update cannot change llmProvider: the service has no such field on PATCH/);
    expect(result.stderr).toContain('agents add-llm');
    expect((await agents('update', '--help')).stdout).not.toContain('--llm-provider');
  });
});

describe('update --llm-model of a model the service cannot map', () => {
  it('is sent when the agent has an LLM of its provider, refused with exit 2 and what to attach when not', async () => {
    const openai = await createAgent(running.env, 'o');
    expect(await agents('update', openai, '-q', '--llm-model', 'GPT_4_0')).toMatchObject({ code: 0, stderr: '' });
    const created = await cli(['llms', 'create', '-q', '--provider', 'TOGETHER_AI'], {
      ...running.env,
      AGENTS_LLM_API_KEY: 'tg-not-real-0123456789',
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
