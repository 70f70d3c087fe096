// `agents remove-tool|remove-datasource|remove-llm`: one DELETE per id under the agent.
import { describe, expect, it } from 'vitest';
import { useMockService, AGENT } from '../../../../test/helpers/mock-service.js';

const { calls, run, reply } = useMockService();
const TOOL = '5b0d6a7e-1111-4111-8111-000000000001';
const LLM = '9d1c2b3a-3333-4333-8333-000000000001';

describe('remove-*', () => {
  it('detaches each id with a DELETE under the agent, one --json entry per id', async () => {
    reply('DELETE', `/api/v1/agents/${AGENT.id}/tools/${TOOL}`, 200, { success: true, data: null });
    const tools = await run(['remove-tool', AGENT.id, TOOL, '--json']);
    expect(tools.code, tools.stderr).toBe(0);
    expect(JSON.parse(tools.stdout)).toEqual([{ agentId: AGENT.id, toolId: TOOL, detached: true }]);
    reply('DELETE', `/api/v1/agents/${AGENT.id}/llms/${LLM}`, 200, { success: true, data: null });
    expect((await run(['remove-llm', AGENT.id, LLM])).code).toBe(0);
    expect(calls().map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE /api/v1/agents/${AGENT.id}/tools/${TOOL}`,
      `DELETE /api/v1/agents/${AGENT.id}/llms/${LLM}`,
    ]);
  });

  it('needs the agent and at least one id (exit 2, no request)', async () => {
    const result = await run(['remove-datasource', AGENT.id]);
    expect(result.code).toBe(2);
    expect(calls()).toHaveLength(0);
  });
});
