import { KNOWN_LLM_MODELS, LLM_PROVIDERS, providerOfModel } from '../resources/models.js';

// Records every emulator starts with, under stable ids, so users and tests can rely on them.
// Each has every field of its Prisma model in wire order (legacy-service.md §12.3).

export const SEED_API_USER_ID = '7c0d5b1e-0000-4000-8000-000000000001';

/** Python's isoformat of a UTC datetime, as FastAPI's encoder writes it: microseconds and +00:00. */
export function pythonTimestamp(date = new Date()): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

const at = (minute: number) => pythonTimestamp(new Date(Date.UTC(2024, 4, 20, 10, minute)));
const owned = { apiUserId: SEED_API_USER_ID, apiUser: null };

function tool(id: string, name: string, type: string, description: string, minute: number) {
  // metadata is a text column: "" when none was given (tools.py:74). toolConfig is a Json column, null via the API.
  return {
    id,
    name,
    description,
    type,
    returnDirect: false,
    metadata: '',
    createdAt: at(minute),
    updatedAt: at(minute),
    ...owned,
    tools: null,
    toolConfig: null,
  };
}

function datasource(id: string, name: string, type: string, description: string, url: string | null, minute: number) {
  return {
    id,
    name,
    content: null,
    description,
    url,
    type,
    ...owned,
    createdAt: at(minute),
    updatedAt: at(minute),
    metadata: null,
    status: 'DONE',
    datasources: null,
    vectorDb: null,
    vectorDbId: null,
  };
}

function llm(id: string, provider: string, apiKey: string, minute: number) {
  // options is a Json column: it goes out as a JSON value (§12.3).
  return { id, provider, apiKey, options: {}, agents: null, createdAt: at(minute), updatedAt: at(minute), ...owned };
}

export const SEED = {
  apiUserId: SEED_API_USER_ID,
  tools: [
    tool('5b0d6a7e-1111-4111-8111-000000000001', 'browser', 'BROWSER', 'Searches the web and reads pages.', 1),
    tool('5b0d6a7e-1111-4111-8111-000000000002', 'code-interpreter', 'CODE_EXECUTOR', 'Runs Python code.', 2),
    tool('5b0d6a7e-1111-4111-8111-000000000003', 'weather', 'FUNCTION', 'Current weather for a city.', 3),
  ] as const,
  datasources: [
    datasource('9c1e2f3a-2222-4222-8222-000000000001', 'handbook.pdf', 'PDF', 'The employee handbook.', null, 4),
    datasource(
      '9c1e2f3a-2222-4222-8222-000000000002',
      'docs site',
      'WEBPAGE',
      'The public documentation.',
      'https://docs.example.com',
      5,
    ),
  ] as const,
  llms: [
    llm('a2b4c6d8-3333-4333-8333-000000000001', 'OPENAI', 'sk-emulator-not-a-real-key-0001', 6),
    llm('a2b4c6d8-3333-4333-8333-000000000002', 'ANTHROPIC', 'sk-emulator-not-a-real-key-0002', 7),
  ] as const,
};

/** The real service maps most GPT models to OpenAI by itself; others need llmProvider. */
export { providerOfModel };

export const LLM_MODELS: readonly string[] = KNOWN_LLM_MODELS;
export { LLM_PROVIDERS };
