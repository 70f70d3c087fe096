// `add-*`'s exact requests and printed output, with undici's MockAgent as the service.
import { describe, expect, it } from 'vitest';
import { useMockService } from '../../../../test/helpers/mock-service.js';

const { calls, run, reply } = useMockService();
const AGENT = '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11';
const TOOL = '5b0d6a7e-0000-4000-8000-000000000001';

describe('add-tool, add-datasource, add-llm', () => {
  it('send toolId/datasourceId/llmId, one request per id', async () => {
    reply('POST', `/api/v1/agents/${AGENT}/tools`, 200, { success: true, data: null });
    reply('POST', `/api/v1/agents/${AGENT}/tools`, 200, { success: true, data: null });
    reply('POST', `/api/v1/agents/${AGENT}/datasources`, 200, {
      success: true,
      data: null,
    });
    reply('POST', `/api/v1/agents/${AGENT}/llms`, 200, { success: true, data: null });
    const tools = await run(['add-tool', AGENT, TOOL, '5b0d6a7e-0000-4000-8000-000000000002', '--json']);
    expect(JSON.parse(tools.stdout)).toEqual([
      {
        agentId: AGENT,
        toolId: TOOL,
        attached: true,
        alreadyAttached: false,
      },
      {
        agentId: AGENT,
        toolId: '5b0d6a7e-0000-4000-8000-000000000002',
        attached: true,
        alreadyAttached: false,
      },
    ]);
    await run(['add-datasource', AGENT, '9c1e2f3a-0000-4000-8000-000000000001']);
    await run(['add-llm', AGENT, 'a2b4c6d8-0000-4000-8000-000000000001']);
    expect(calls().map((c) => [c.path, JSON.parse(c.body!)])).toEqual([
      [`/api/v1/agents/${AGENT}/tools`, { toolId: TOOL }],
      [`/api/v1/agents/${AGENT}/tools`, { toolId: '5b0d6a7e-0000-4000-8000-000000000002' }],
      [`/api/v1/agents/${AGENT}/datasources`, { datasourceId: '9c1e2f3a-0000-4000-8000-000000000001' }],
      [`/api/v1/agents/${AGENT}/llms`, { llmId: 'a2b4c6d8-0000-4000-8000-000000000001' }],
    ]);
  });

  it('print one shape, an array, even when a strict server returns a record', async () => {
    const record = {
      agentId: AGENT,
      toolId: TOOL,
      createdAt: '2024-05-20T10:00:00Z',
    };
    reply('POST', `/api/v1/agents/${AGENT}/tools`, 200, { success: true, data: record });
    expect(JSON.parse((await run(['add-tool', AGENT, TOOL, '--json'])).stdout)).toEqual([
      {
        agentId: AGENT,
        toolId: TOOL,
        attached: true,
        alreadyAttached: false,
      },
    ]);
  });

  it('treat 409 and the real "already exists" 500 as success; other 500s fail', async () => {
    reply('POST', `/api/v1/agents/${AGENT}/tools`, 409, { detail: 'exists' });
    reply('POST', `/api/v1/agents/${AGENT}/tools`, 500, {
      detail: 'Agent tool already exists',
    });
    reply('POST', `/api/v1/agents/${AGENT}/llms`, 500, {
      detail: 'Unique constraint failed on the fields: (`agentId`,`llmId`)',
    });
    reply('POST', `/api/v1/agents/${AGENT}/tools`, 500, {
      detail: 'Foreign key constraint failed on the field: `toolId`',
    });
    const conflict = await run(['add-tool', AGENT, TOOL]);
    expect(conflict).toMatchObject({ code: 0 });
    expect(conflict.stderr).toContain('already attached');
    expect((await run(['add-tool', AGENT, TOOL, '--json'])).stdout).toContain('"alreadyAttached": true');
    expect((await run(['add-llm', AGENT, 'a2b4c6d8-0000-4000-8000-000000000001'])).code).toBe(0);
    const failed = await run(['add-tool', AGENT, '00000000-0000-4000-8000-00000000dead']);
    expect(failed.code).toBe(5);
    expect(failed.stderr).toContain('error: tool 00000000-0000-4000-8000-00000000dead not found');
  });
});
