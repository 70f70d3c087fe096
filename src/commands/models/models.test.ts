// `agents models` lists the models and providers the service accepts, which provider each
// model needs, and --json; create's check, the wizard and completion use the same list.
import { describe, expect, it } from 'vitest';
import { programShape } from '../completion/shape.js';
import { COMMANDS, GROUPS } from '../registry.js';
import { loadSpecs } from '../command.js';
import { LLM_PROVIDERS } from '../../resources/models.js';
import { runCli } from '../../../test/helpers/run-cli.js';
import { ScriptedPrompter } from '../../../test/helpers/scripted-prompter.js';

// The specs load lazily (commands/command.ts): every one, for a test that walks them all.
await loadSpecs(COMMANDS);

const names = async () => (await runCli(['models', '-q'])).stdout.trim().split('\n');

describe('agents models', () => {
  it('prints each model with the provider the service picks, or that it needs --llm-provider; then the providers', async () => {
    const result = await runCli(['models']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^GPT_4_TURBO +OPENAI \(the service picks it\)$/m);
    // The service's own map spells GPT-4o GPT_4_O: GPT_4_0 needs the provider sent.
    expect(result.stdout).toMatch(/^GPT_4_0 +needs --llm-provider \(e\.g\. OPENAI\)$/m);
    expect(result.stdout).toMatch(/^MISTRAL_7B_INSTRUCT_V01 +needs --llm-provider \(e\.g\. TOGETHER_AI\)$/m);
    expect(result.stdout.replace(/\n\s+/g, ' ')).toContain(`Providers: ${LLM_PROVIDERS.join(', ')}`);
    expect(result.stdout.split('\n').filter((line) => line.length > 80)).toEqual([]);
    expect(result.stderr).toBe('');
  });

  it('--json holds every model and every provider', async () => {
    const result = await runCli(['models', '--json']);
    const document = JSON.parse(result.stdout);
    expect(document.providers).toEqual([...LLM_PROVIDERS]);
    expect(document.models.map((m: { model: string }) => m.model)).toEqual(await names());
    expect(document.models).toContainEqual({ model: 'GPT_4_0', automaticProvider: null, suggestedProvider: 'OPENAI' });
    expect(document.models).toContainEqual({ model: 'GPT_4', automaticProvider: 'OPENAI', suggestedProvider: null });
  });

  it('create refuses a model outside the list and points at `agents models`', async () => {
    const result = await runCli(['create', '--name', 'x', '--description', 'd', '--llm-model', 'GPT4'], {
      env: { AGENTS_BASE_URL: 'http://127.0.0.1:9', AGENTS_TOKEN: 'token-for-models' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('`agents models` lists them');
  });

  it('completion offers the same list for --llm-model', async () => {
    const create = programShape(COMMANDS, GROUPS).commands.find((command) => command.name === 'create')!;
    const model = create.options.find((option) => option.flags.includes('--llm-model'))!;
    expect(model.value).toEqual({ kind: 'choices', choices: await names() });
  });

  it('the wizard offers the same list', async () => {
    const prompter = new ScriptedPrompter([
      { ask: /^LLM model/, answer: 'GPT_4' },
      { ask: /^Prompt/, answer: '' },
      { ask: /^Initial message/, answer: '' },
      { ask: /^Avatar/, answer: '' },
      { ask: /^Active/, answer: true },
      { ask: /^Create this agent/, answer: false },
    ]);
    await runCli(['create', '--name', 'n', '--description', 'd'], {
      tty: true,
      prompter,
      env: { AGENTS_BASE_URL: 'http://127.0.0.1:9', AGENTS_TOKEN: 'token-for-models' },
    });
    const asked = prompter.asked.find((question) => /^LLM model/.test(question.message))!;
    expect(asked.choices!.map((choice) => choice.value)).toEqual(await names());
  });
});
