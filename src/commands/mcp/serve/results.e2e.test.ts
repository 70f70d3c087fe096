// Tool results like the CLI's: an agent's output schema published and its answer returned as
// structuredContent (an answer that does not fit is an error result), an agent deleted since it
// was listed said as `agents invoke` says it, progress bounded however long the answer, and
// answers over HTTP redacted as over stdio.
import { describe, expect, it } from 'vitest';
import { runBinary } from '../../../../test/helpers/binary.js';
import { useEmulatorEnv } from '../../../../test/helpers/emulator-env.js';
import { connectStdio, createAgent, startHttpServer, textOf } from '../../../../test/helpers/mcp.js';

const served = useEmulatorEnv();

/** An agent made through the service's own create, which takes an output schema (the CLI's create does not). */
async function agentWithSchema(name: string, outputSchema: object | string): Promise<string> {
  const response = await fetch(`${served.emulator.url}/api/v1/agents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${served.emulator.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      description: 'd',
      llmModel: 'GPT_4',
      outputSchema: typeof outputSchema === 'string' ? outputSchema : JSON.stringify(outputSchema),
    }),
  });
  return ((await response.json()) as { data: { id: string } }).data.id;
}

describe('results like the CLI’s', () => {
  it('an output schema is the tool’s outputSchema, and the parsed answer its structuredContent', async () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' } },
      required: ['city', 'days'],
    };
    const id = await agentWithSchema('Planner', schema);
    const { client, close } = await connectStdio(served.env, ['--agent', id]);
    try {
      const [tool] = (await client.listTools()).tools;
      expect(tool!.outputSchema).toEqual(schema);
      // The SDK client checks structuredContent against the published schema itself.
      const result = await client.callTool({ name: tool!.name, arguments: { input: 'Plan a trip' } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ city: expect.any(String), days: expect.any(Number) });
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    } finally {
      await close();
    }
  });

  it('an answer its schema does not accept is an error result saying so; a free-text schema publishes nothing', async () => {
    const strict = await agentWithSchema('Strict', {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^NEVER$' } },
      required: ['code'],
    });
    const loose = await agentWithSchema('Loose', '[{title: string}]');
    const { client, close } = await connectStdio(served.env, ['--agent', strict, '--agent', loose]);
    try {
      const tools = (await client.listTools()).tools;
      const strictTool = tools.find((tool) => tool.title === 'Strict')!;
      expect(tools.find((tool) => tool.title === 'Loose')!.outputSchema).toBeUndefined();
      const result = await client.callTool({ name: strictTool.name, arguments: { input: 'a code please' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("the agent's answer does not match its output schema");
    } finally {
      await close();
    }
  });

  it('an agent deleted after the list is "not found", in the words of agents invoke', async () => {
    const id = await createAgent(served.env, 'Short lived');
    const { client, close } = await connectStdio(served.env, ['--agent', id]);
    try {
      const [tool] = (await client.listTools()).tools;
      await runBinary(['delete', id, '--yes'], { env: served.env });
      const invoked = await runBinary(['invoke', id, 'hello?'], { env: served.env });
      const said = /^error: (.*)$/m.exec(invoked.stderr)![1]!;
      expect(said).toContain('not found');
      const result = await client.callTool({ name: tool!.name, arguments: { input: 'hello?' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(said);
      expect(textOf(result)).not.toContain('without saying why');
    } finally {
      await close();
    }
  });

  it('progress of a long answer shows only the latest text, bounded, and counts all of it', async () => {
    const id = await createAgent(served.env, 'Long talker');
    const { client, close } = await connectStdio(served.env, ['--agent', id]);
    try {
      const updates: Array<{ progress: number; message: string }> = [];
      const result = await client.callTool({ name: 'Long_talker', arguments: { input: '[[long:30000]]' } }, undefined, {
        onprogress: (update) => void updates.push({ progress: update.progress, message: update.message ?? '' }),
      });
      const text = textOf(result);
      expect(text.length).toBe(30000 * 6 - 1);
      expect(updates.length).toBeGreaterThan(0);
      for (const update of updates) {
        expect(update.message.length).toBeLessThanOrEqual(2001);
        // The latest text received when it was sent: what came just before its count.
        expect(text.slice(0, update.progress).endsWith(update.message.replace(/^…/, ''))).toBe(true);
      }
      // Bounded: far less than the answer, however long it is.
      expect(updates.reduce((sum, update) => sum + update.message.length, 0)).toBeLessThan(text.length / 4);
    } finally {
      await close();
    }
  });

  it('over HTTP, an answer holding the token shows it redacted, as stdout does over stdio', async () => {
    const id = await createAgent(served.env, 'Echo');
    const server = await startHttpServer(served.env, ['--agent', id]);
    try {
      const client = await server.connect();
      const [tool] = (await client.listTools()).tools;
      const result = await client.callTool({
        name: tool!.name,
        arguments: { input: `my token is ${served.emulator.token}` },
      });
      expect(textOf(result)).toContain('my token is [redacted]');
      expect(JSON.stringify(result)).not.toContain(served.emulator.token);
      await client.close();
    } finally {
      await server.stop();
    }
  });
});
