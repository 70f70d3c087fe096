// The emulator held to the contract table made from legacy-service.md (wire-table.ts): status,
// content type, envelope, and every field of every record with its JSON type, in wire order.
// A field a later change drops, adds or retypes fails here.
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/emulator/seed.js';
import { startEmulator } from '../../src/emulator/server.js';
import { CONTRACT, type ContractRow, type FieldShape, type RecordShape } from './wire-table.js';

function jsonTypeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** Problems with a value against a shape, each with its path; empty when it fits. */
function shapeProblems(value: unknown, shape: RecordShape, path: string): string[] {
  if (jsonTypeOf(value) !== 'object') return [`${path}: expected an object, got ${jsonTypeOf(value)}`];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  const [got, want] = [Object.keys(record), Object.keys(shape)];
  if (got.join() !== want.join())
    problems.push(`${path}: fields ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  for (const [field, expected] of Object.entries(shape)) {
    if (field in record) problems.push(...fieldProblems(record[field], expected, `${path}.${field}`));
  }
  return problems;
}

function fieldProblems(value: unknown, expected: FieldShape, path: string): string[] {
  if (typeof expected === 'object' && 'object' in expected) return shapeProblems(value, expected.object, path);
  if (typeof expected === 'object') {
    if (!Array.isArray(value)) return [`${path}: expected an array, got ${jsonTypeOf(value)}`];
    return value.flatMap((item, i) =>
      Object.keys(expected.array).length === 0 ? [] : shapeProblems(item, expected.array, `${path}[${i}]`),
    );
  }
  if (expected === 'any' || expected.split('|').includes(jsonTypeOf(value))) return [];
  return [`${path}: expected ${expected}, got ${jsonTypeOf(value)} (${JSON.stringify(value)})`];
}

async function runRow(row: ContractRow) {
  const emulator = await startEmulator({ tokenDelayMs: 0 });
  try {
    const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await request(`${emulator.url}/api/v1${fill(path)}`, {
        method: method as 'GET',
        headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : fill(JSON.stringify(body)),
      });
      return {
        status: response.statusCode,
        contentType: String(response.headers['content-type']),
        text: await response.body.text(),
      };
    };
    // The row's agent: made as a user would, with a tool and a datasource linked (its OPENAI LLM comes with create).
    const places: Record<string, string> = {
      ':missing': randomUUID(),
      ':tool': SEED.tools[2].id,
      ':datasource': SEED.datasources[0].id,
      ':llm': SEED.llms[1].id,
    };
    const fill = (text: string) => text.replace(/:(agent|missing|tool|datasource|llm)\b/g, (key) => places[key] ?? key);
    places[':agent'] = JSON.parse(
      (await send('POST', '/agents', { name: 'Row agent', description: 'd', llmModel: 'GPT_4_TURBO' })).text,
    ).data.id;
    await send('POST', '/agents/:agent/tools', { toolId: ':tool' });
    await send('POST', '/agents/:agent/datasources', { datasourceId: ':datasource' });
    for (const step of row.before ?? []) await send(step.method, step.path, step.body);
    return await send(row.method, row.path, row.body, row.headers);
  } finally {
    await emulator.close();
  }
}

function envelopeProblems(row: ContractRow, text: string): string[] {
  const { envelope } = row;
  if ('text' in envelope) return text === envelope.text ? [] : [`body ${JSON.stringify(text)}`];
  if ('stream' in envelope) return envelope.stream.test(text) ? [] : [`stream ${JSON.stringify(text.slice(0, 80))}`];
  const body = JSON.parse(text) as Record<string, unknown>;
  const keys = Object.keys(body).join();
  if ('detail' in envelope) {
    if (keys !== 'detail' || typeof body.detail !== 'string') return [`body ${text.slice(0, 200)}`];
    const ok =
      typeof envelope.detail === 'string' ? body.detail === envelope.detail : envelope.detail.test(body.detail);
    return ok ? [] : [`detail ${JSON.stringify(body.detail)}`];
  }
  if ('validation' in envelope) {
    const locs = Array.isArray(body.detail) ? body.detail.map((item: { loc: string[] }) => item.loc.join('.')) : [];
    return JSON.stringify(locs) === JSON.stringify(envelope.validation) ? [] : [`validation ${text.slice(0, 200)}`];
  }
  if ('list' in envelope) {
    const want = envelope.paged ? 'success,data,total_pages' : 'success,data';
    if (keys !== want || body.success !== true || !Array.isArray(body.data) || body.data.length === 0)
      return [`list envelope ${keys}: ${text.slice(0, 200)}`];
    return body.data.flatMap((item, i) => shapeProblems(item, envelope.list, `data[${i}]`));
  }
  if (keys !== 'success,data' || body.success !== true) return [`envelope ${keys}`];
  if (envelope.data === null) return body.data === null ? [] : [`data ${JSON.stringify(body.data).slice(0, 200)}`];
  return shapeProblems(body.data, envelope.data, 'data');
}

describe('the emulator answers as legacy-service.md says, field by field', () => {
  it.each(CONTRACT.map((row) => [`${row.section} ${row.name}`, row] as const))('%s', async (_name, row) => {
    const response = await runRow(row);
    expect({
      status: response.status,
      contentType: response.contentType,
      problems: envelopeProblems(row, response.text),
    }).toEqual({
      status: row.status,
      contentType: row.contentType,
      problems: [],
    });
  });

  it('covers every route the CLI calls', () => {
    const routes = new Set(CONTRACT.map((row) => `${row.method} ${row.path.split('?')[0]!.replace(/:\w+/g, ':id')}`));
    for (const route of [
      'POST /agents',
      'GET /agents',
      'GET /agents/:id',
      'PATCH /agents/:id',
      'DELETE /agents/:id',
      'POST /agents/:id/invoke',
      'POST /agents/:id/tools',
      'POST /agents/:id/datasources',
      'POST /agents/:id/llms',
      'DELETE /agents/:id/tools/:id',
      'DELETE /agents/:id/datasources/:id',
      'DELETE /agents/:id/llms/:id',
      'GET /agents/:id/tools',
      'GET /agents/:id/datasources',
      'GET /tools',
      'GET /datasources',
      'GET /llms',
    ])
      expect(routes).toContain(route);
  });
});
