// the emulator's account routes (api-users, api-keys) answer as the service's OpenAPI document
// says: each 200 body validated against the operation's response schema by a real validator.
// test/fixtures/superagent-openapi.yaml is a copy of the service's own OpenAPI document (docs/legacy-service.md §0).
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

const document = parse(readFileSync(new URL('../fixtures/superagent-openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: { 'application/json'?: { schema?: unknown } } }> }>
  >;
  components: unknown;
};
// OpenAPI 3.0 schemas are JSON Schema with a few extras; formats (date-time) are not checked here.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ $id: 'openapi', components: document.components });

function responseSchema(path: string, method: string): unknown {
  const schema = document.paths[path]![method]!.responses['200']!.content!['application/json']!.schema!;
  // Refs point into the document's components: resolve them against the schema added above.
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'));
}

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ tokenDelayMs: 0 });
});
afterAll(() => emulator.close());

async function call(method: string, path: string, body?: unknown, token: string | null = emulator.token) {
  const response = await request(`${emulator.url}${path}`, {
    method: method as 'GET',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
}

function expectMatches(path: string, method: string, body: unknown): void {
  const validate = ajv.compile(responseSchema(path, method) as object);
  expect({ path, method, errors: validate(body) ? null : validate.errors }).toEqual({ path, method, errors: null });
}

describe('the account routes match the OpenAPI document', () => {
  it('POST /api-users (no token), GET /api-users/me with the new token', async () => {
    const created = await call('POST', '/api/v1/api-users', { email: 'new@example.com' }, null);
    expect(created.status).toBe(200);
    expectMatches('/api/v1/api-users', 'post', created.body);
    const token = (created.body.data as { token: string }).token;
    const me = await call('GET', '/api/v1/api-users/me', undefined, token);
    expect(me.status).toBe(200);
    expectMatches('/api/v1/api-users/me', 'get', me.body);
    expect(me.body.data).toMatchObject({ email: 'new@example.com', token });
    expect((await call('POST', '/api/v1/api-users', {}, null)).status).toBe(422);
  });

  it('api-keys: create (the key once), list (masked), rename, delete; a minted key is a token, still after delete', async () => {
    const created = await call('POST', '/api/v1/api-keys', { name: 'ci' });
    expectMatches('/api/v1/api-keys', 'post', created.body);
    const key = created.body.data as { id: string; apiKey: string; displayApiKey: string };
    expect(key.displayApiKey).toBe(`${key.apiKey.slice(0, 3)}****${key.apiKey.slice(-4)}`);
    const listed = await call('GET', '/api/v1/api-keys');
    expectMatches('/api/v1/api-keys', 'get', listed.body);
    expect(JSON.stringify(listed.body)).not.toContain(key.apiKey);
    const renamed = await call('PATCH', `/api/v1/api-keys/${key.id}`, { name: 'ci-main' });
    expectMatches('/api/v1/api-keys/{id}', 'patch', renamed.body);
    expect((await call('GET', '/api/v1/agents?skip=0&take=1', undefined, key.apiKey)).status).toBe(200);
    const deleted = await call('DELETE', `/api/v1/api-keys/${key.id}`);
    expectMatches('/api/v1/api-keys/{id}', 'delete', deleted.body);
    // The legacy service never checks a token against the key table.
    expect((await call('GET', '/api/v1/agents?skip=0&take=1', undefined, key.apiKey)).status).toBe(200);
  });

  it('an unknown key: delete is a 500 detail, rename the odd 404 of legacy-service.md §4', async () => {
    expect(await call('DELETE', '/api/v1/api-keys/nope')).toEqual({
      status: 500,
      body: { detail: 'API Key not found' },
    });
    expect(await call('PATCH', '/api/v1/api-keys/nope', { name: 'x' })).toEqual({
      status: 404,
      body: { success: false, error: { message: 'API Key not found' } },
    });
  });

  it('create with an unknown llmModel and no provider is 400 "LLM provider not found", as legacy-service.md says', async () => {
    expect(await call('POST', '/api/v1/agents', { name: 'x', llmModel: 'GPT_5' })).toEqual({
      status: 400,
      body: { detail: 'LLM provider not found' },
    });
  });
});
