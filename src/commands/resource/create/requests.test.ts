// `create`'s exact requests and printed output, with undici's MockAgent as the service.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useMockService, TOKEN, AGENT } from '../../../../test/helpers/mock-service.js';

const { calls, run, reply } = useMockService();

describe('create', () => {
  it('sends the fields as JSON with the bearer token, accept and user agent', async () => {
    reply('POST', '/api/v1/agents', 200, { success: true, data: AGENT });
    const result = await run([
      'create',
      '--name',
      'Docs bot',
      '--description',
      'answers',
      '--llm-model',
      'GPT_4_0',
      '--no-active',
      '--llm-provider',
      'OPENAI',
    ]);
    expect(result.code).toBe(0);
    const [call] = calls();
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/api/v1/agents');
    expect(JSON.parse(call!.body!)).toEqual({
      name: 'Docs bot',
      description: 'answers',
      llmModel: 'GPT_4_0',
      llmProvider: 'OPENAI',
      isActive: false,
    });
    expect(call!.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(String(call!.headers!['user-agent'])).toMatch(/^agents-cli\/\d+\.\d+\.\d+ /);
    expect(result.stdout).toMatch(/^id\s+0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11$/m);
    expect(result.stderr).toContain('Created agent Docs bot');
  });

  it('-q prints only the id; --json prints the agent; both shapes of answer work', async () => {
    reply('POST', '/api/v1/agents', 200, { success: true, data: AGENT });
    expect((await run(['create', '-q', '--name', 'a', '--description', 'b', '--llm-model', 'GPT_4'])).stdout).toBe(
      '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11\n',
    );
    reply('POST', '/api/v1/agents', 201, AGENT); // a strict server: bare object, 201
    const json = await run(['--json', 'create', '--name', 'a', '--description', 'b', '--llm-model', 'GPT_4']);
    expect(JSON.parse(json.stdout)).toEqual(AGENT);
  });

  it('reads --file (JSON, YAML, stdin) and lets flags override it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-file-'));
    writeFileSync(
      join(dir, 'a.yaml'),
      'name: From YAML\ndescription: |\n  two\n  lines\nllmModel: GPT_4\nisActive: false\n',
    );
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ name: 'From JSON', description: 'd', llmModel: 'GPT_4' }));
    for (let i = 0; i < 3; i++) reply('POST', '/api/v1/agents', 200, { success: true, data: AGENT });
    await run(['create', '-f', join(dir, 'a.yaml'), '--name', 'Flag wins']);
    await run(['create', '--file', join(dir, 'a.json')]);
    await run(['create', '-f', '-'], { stdin: '{"name": "stdin", "description": "d", "llmModel": "GPT_4"}' });
    expect(calls().map((c) => JSON.parse(c.body!))).toEqual([
      { name: 'Flag wins', description: 'two\nlines\n', llmModel: 'GPT_4', isActive: false },
      { name: 'From JSON', description: 'd', llmModel: 'GPT_4' },
      { name: 'stdin', description: 'd', llmModel: 'GPT_4' },
    ]);
  });

  it('names every missing flag, unknown file fields and bad YAML lines before any request', async () => {
    const missing = await run(['create', '--name', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing --description, --llm-model');
    const dir = mkdtempSync(join(tmpdir(), 'agents-file-'));
    writeFileSync(join(dir, 'bad.yaml'), 'name: x\ncolour: blue\n');
    const unknown = await run(['create', '-f', join(dir, 'bad.yaml')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown field colour');
    writeFileSync(join(dir, 'broken.yaml'), 'name: x\ndescription: [unclosed\n');
    const broken = await run(['create', '-f', join(dir, 'broken.yaml')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.yaml:\d+:\d+: not valid JSON or YAML: /);
    const wrongType = await run(['create', '-f', '-'], { stdin: '{"name": 5}' });
    expect(wrongType.stderr).toContain('name in stdin: must be a string');
    const nofile = await run(['create', '-f', join(dir, 'nope.yaml')]);
    expect(nofile.stderr).toContain('no such file');
    expect(calls()).toHaveLength(0);
  });
});
