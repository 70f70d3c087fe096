// `agents delete`: the agent read (to name it), one DELETE for the id, --yes off a terminal, the
// --json document every kind prints.
import { describe, expect, it } from 'vitest';
import { useMockService, AGENT } from '../../../../test/helpers/mock-service.js';

const { calls, run, reply } = useMockService();

describe('delete', () => {
  it('sends one DELETE with --yes and prints the --json document', async () => {
    reply('GET', `/api/v1/agents/${AGENT.id}`, 200, { success: true, data: AGENT });
    reply('DELETE', `/api/v1/agents/${AGENT.id}`, 200, { success: true, data: null });
    const result = await run(['delete', AGENT.id, '--yes', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(calls().map((call) => call.method)).toEqual(['GET', 'DELETE']);
    expect(JSON.parse(result.stdout)).toEqual({ id: AGENT.id, deleted: true });
  });

  it('off a terminal without --yes asks nothing, deletes nothing and says how (exit 2)', async () => {
    reply('GET', `/api/v1/agents/${AGENT.id}`, 200, { success: true, data: AGENT });
    const result = await run(['delete', AGENT.id]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--yes');
    expect(calls().map((call) => call.method)).toEqual(['GET']);
  });
});
