// `update`'s exact requests and printed output, with undici's MockAgent as the service.
import { describe, expect, it } from 'vitest';
import { useMockService, AGENT } from '../../../../test/helpers/mock-service.js';

const { calls, run, reply } = useMockService();

describe('update', () => {
  it('sends only the given fields, to one encoded path segment', async () => {
    // Not a UUID, so the CLI looks it up in the list (which has it) before using it.
    reply('GET', '/api/v1/agents', 200, { success: true, data: [{ ...AGENT, id: '../x' }] });
    reply('PATCH', '/api/v1/agents/..%2Fx', 200, { success: true, data: { ...AGENT, id: '../x', prompt: 'p' } });
    const result = await run(['update', '../x', '--prompt', 'p']);
    expect(result.code).toBe(0);
    expect(calls()[1]!.path).toBe('/api/v1/agents/..%2Fx');
    expect(JSON.parse(calls()[1]!.body!)).toEqual({ prompt: 'p' });
  });

  it('an id with ?, # and spaces stays one segment; data:null is fine; -q prints nothing', async () => {
    reply('GET', '/api/v1/agents', 200, { success: true, data: [{ ...AGENT, id: 'a/b?c#d e' }] });
    reply('PATCH', '/api/v1/agents/a%2Fb%3Fc%23d%20e', 200, { success: true, data: null });
    const result = await run(['update', 'a/b?c#d e', '--active', '-q']);
    expect(result).toMatchObject({ code: 0, stdout: '' });
  });

  it('--llm-model GPT_4_0 is sent when the agent does not say its LLMs (a server that follows the spec)', async () => {
    const id = '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11';
    reply('GET', `/api/v1/agents/${id}`, 200, { success: true, data: { ...AGENT, id } });
    reply('PATCH', `/api/v1/agents/${id}`, 200, { success: true, data: null });
    const result = await run(['update', id, '--llm-model', 'GPT_4_0', '-q']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(calls().map((call) => call.method)).toEqual(['GET', 'PATCH']);
  });

  it('with nothing to change is a usage error and sends nothing', async () => {
    const result = await run(['update', '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('nothing to update');
    expect(calls()).toHaveLength(0);
  });
});
