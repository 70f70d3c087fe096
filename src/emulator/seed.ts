import { KNOWN_LLM_MODELS, LLM_PROVIDERS, providerOfModel } from '../api/models.js';

// Records every emulator starts with, under stable ids, so users and tests can rely on them.

export const SEED = {
  apiUserId: '7c0d5b1e-0000-4000-8000-000000000001',
  tools: [
    { id: '5b0d6a7e-1111-4111-8111-000000000001', name: 'browser', type: 'BROWSER', description: 'Searches the web and reads pages.' },
    { id: '5b0d6a7e-1111-4111-8111-000000000002', name: 'code-interpreter', type: 'CODE_EXECUTOR', description: 'Runs Python code.' },
    { id: '5b0d6a7e-1111-4111-8111-000000000003', name: 'weather', type: 'FUNCTION', description: 'Current weather for a city.' },
  ],
  datasources: [
    { id: '9c1e2f3a-2222-4222-8222-000000000001', name: 'handbook.pdf', type: 'PDF', description: 'The employee handbook.' },
    { id: '9c1e2f3a-2222-4222-8222-000000000002', name: 'docs site', type: 'WEBPAGE', description: 'The public documentation.' },
  ],
  llms: [
    { id: 'a2b4c6d8-3333-4333-8333-000000000001', provider: 'OPENAI', apiKey: 'sk-emulator-not-a-real-key-0001' },
    { id: 'a2b4c6d8-3333-4333-8333-000000000002', provider: 'ANTHROPIC', apiKey: 'sk-emulator-not-a-real-key-0002' },
  ],
} as const;

/** The real service maps most GPT models to OpenAI by itself; others need llmProvider. */
export { providerOfModel };

export const DEFAULT_EMULATOR_TOKEN = 'emu_local_token_0123456789abcdef';

export const LLM_MODELS: readonly string[] = KNOWN_LLM_MODELS;
export { LLM_PROVIDERS };
