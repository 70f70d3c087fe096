// The official JS SDK (superagentai-js 0.2.36, a dev dependency only) against the emulator: its
// generated types check every answer, so a field the emulator leaves out or mistypes throws here.
import { SuperAgentClient } from 'superagentai-js';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/emulator/seed.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';

const running = useEmulatorEnv();

describe('superagentai-js against the emulator', () => {
  it('create, get, update, add-tool/-datasource/-llm, invoke, list and delete complete without an error', async () => {
    const client = new SuperAgentClient({ environment: running.emulator.url, token: running.emulator.token });
    const created = await client.agent.create({
      name: 'SDK bot',
      description: 'd',
      llmModel: 'GPT_4_TURBO',
      isActive: true,
    });
    const id = created.data!.id;
    await client.agent.addTool(id, { toolId: SEED.tools[2].id });
    await client.agent.addDatasource(id, { datasourceId: SEED.datasources[0].id });
    await client.agent.addLlm(id, { llmId: SEED.llms[1].id });
    const got = await client.agent.get(id);
    expect(got.data?.tools).toHaveLength(1);
    expect(got.data?.llms?.length).toBeGreaterThanOrEqual(1);
    const updated = await client.agent.update(id, { prompt: 'Be brief.' });
    expect(updated.data?.prompt).toBe('Be brief.');
    const answer = await client.agent.invoke(id, { input: 'hello', enableStreaming: false, sessionId: 's1' });
    expect(answer.success).toBe(true);
    const listed = await client.agent.list({ skip: 0, take: 10 });
    expect(listed.data?.map((agent) => agent.id)).toContain(id);
    await client.agent.delete(id);
  });
});
