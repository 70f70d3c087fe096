// `agents list`: newest first in a table, ids alone with -q, the documents with --json, --limit.
import { describe, expect, it } from 'vitest';
import { useMockService, AGENT } from '../../../../test/helpers/mock-service.js';

const { calls, run, reply } = useMockService();
const SECOND = { ...AGENT, id: '1c7e0a3b-0000-4000-8000-000000000002', name: 'Travel bot' };

describe('list', () => {
  it('asks for one page of 50 and prints a table with a heading', async () => {
    reply('GET', '/api/v1/agents', 200, { success: true, data: [AGENT, SECOND], total_pages: 1 });
    const result = await run(['list']);
    expect(result.code).toBe(0);
    expect(new URL(calls()[0]!.fullUrl).search).toBe('?skip=0&take=50');
    expect(result.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+MODEL\s+ACTIVE/);
    expect(result.stdout).toMatch(/Docs bot[\s\S]*Travel bot/);
  });

  it('prints the ids alone with -q, the documents with --json, and stops at --limit', async () => {
    reply('GET', '/api/v1/agents', 200, { success: true, data: [AGENT, SECOND], total_pages: 1 }, 2);
    expect((await run(['list', '-q'])).stdout).toBe(`${AGENT.id}\n${SECOND.id}\n`);
    expect(JSON.parse((await run(['list', '--json'])).stdout)).toEqual([AGENT, SECOND]);
    reply('GET', '/api/v1/agents', 200, { success: true, data: [AGENT], total_pages: 2 });
    expect((await run(['list', '--limit', '1', '-q'])).stdout).toBe(`${AGENT.id}\n`);
    expect(new URL(calls().at(-1)!.fullUrl).search).toBe('?skip=0&take=1');
  });

  it('says how to make one when there is none (stderr), stdout empty', async () => {
    reply('GET', '/api/v1/agents', 200, { success: true, data: [], total_pages: 0 });
    const result = await run(['list']);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toContain('agents create');
  });
});
