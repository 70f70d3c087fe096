// A kind the CLI has never heard of, added the way the registry says a kind is added: one
// descriptor. Its commands (from the generic verbs), flags, views, references, state and stack-file
// schema then all work, against a plain REST server on loopback that knows nothing of the CLI.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProgram } from '../program.js';
import { attachableCommands } from '../registry.js';
import { fieldFlags } from './field-flags.js';
import { PLAIN_THEME } from '../../ui/color-support.js';
import { desiredResourceSchema } from '../../provision/schema.js';
import type { AttachableDescriptor } from '../../resources/descriptor.js';
import { sendJson, startTestServer, type TestServer } from '../../../test/helpers/test-server.js';
import { captureStream, stdinFrom } from '../../../test/helpers/streams.js';

// The whole of what adding the kind takes: its descriptor. (A real kind is also listed in
// resources/registry.ts, and its commands then come with the others.)
const WIDGET = {
  kind: 'widget',
  noun: 'widget',
  plural: 'widgets',
  command: 'agents widgets',
  segment: 'widgets',
  nameKey: 'name',
  paged: true,
  deletable: true,
  patchResends: ['name'],
  patchRefuses: [],
  columns: ['name', 'size'],
  shownToo: [],
  fields: [
    { key: 'name', flag: 'name', label: 'Name', type: 'text', required: true, description: 'name of the widget' },
    {
      key: 'size',
      flag: 'size',
      label: 'Size',
      type: 'enum',
      choices: ['S', 'M', 'L'],
      required: true,
      description: 'how big',
    },
    { key: 'shiny', flag: 'shiny', label: 'Shiny?', type: 'boolean', description: 'polished' },
  ],
  examples: {
    seeded: 'gear',
    create: ['agents widgets create --name gear --size M'],
    update: 'agents widgets update gear --shiny',
  },
  attach: { listedPerAgent: true, duplicateDetail: 'Agent widget already exists' },
} as const satisfies AttachableDescriptor;

/** A generic REST collection of widgets, paged by skip/take, in the service's envelope. */
function widgetService(): Promise<TestServer> {
  const widgets = new Map<string, Record<string, unknown>>();
  let next = 1;
  return startTestServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, , , segment, id] = url.pathname.split('/'); // /api/v1/widgets/{id}
    if (segment !== 'widgets') return sendJson(res, 404, { detail: 'Not Found' });
    const found = id ? widgets.get(id) : undefined;
    if (req.method === 'POST' && !id) {
      const record = { id: `7e0c0000-0000-4000-8000-00000000000${next++}`, ...(JSON.parse(body) as object) };
      widgets.set(record.id, record);
      return sendJson(res, 200, { success: true, data: record });
    }
    if (req.method === 'GET' && !id) {
      const [skip, take] = [Number(url.searchParams.get('skip')), Number(url.searchParams.get('take'))];
      const all = [...widgets.values()].reverse();
      return sendJson(res, 200, {
        success: true,
        data: all.slice(skip, skip + take),
        total_pages: Math.ceil(all.length / take),
      });
    }
    if (!found) return sendJson(res, 404, { detail: `Widget ${id} not found` });
    if (req.method === 'PATCH') Object.assign(found, JSON.parse(body));
    if (req.method === 'DELETE') widgets.delete(found.id as string);
    sendJson(res, 200, { success: true, data: req.method === 'DELETE' ? null : found });
  });
}

describe('a new kind is one descriptor', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await widgetService();
    dir = mkdtempSync(join(tmpdir(), 'agents-test-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** `agents widgets …` built from the descriptor alone, run in-process. */
  async function widgets(...argv: string[]): Promise<string> {
    const stdout = captureStream();
    const stderr = captureStream();
    const deps = {
      stdout,
      stderr,
      stdin: stdinFrom(''),
      env: { AGENTS_CONFIG_DIR: dir, AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'widget-token' },
    };
    const { commands, group } = attachableCommands(WIDGET);
    const program = createProgram(deps, () => PLAIN_THEME, commands, { widgets: group });
    await program.parseAsync(argv, { from: 'user' });
    return stdout.text();
  }

  it('gets list, get, create, update and delete with flags, views, references and state from the descriptor', async () => {
    const created = JSON.parse(await widgets('widgets', 'create', '--name', 'gear', '--size', 'M', '--json')) as {
      id: string;
    };
    expect(created).toMatchObject({ name: 'gear', size: 'M' });
    await widgets('widgets', 'create', '--name', 'cog', '--size', 'S', '--shiny');

    const table = await widgets('widgets', 'list');
    expect(table.split('\n')[0]).toMatch(/^ID\s+NAME\s+SIZE$/);
    expect(table).toMatch(/cog\s+S\n.*gear\s+M/);

    // By name, as every kind is named; the update resends the name, as the descriptor says.
    expect(await widgets('widgets', 'get', 'gear')).toMatch(/size\s+M/);
    const updated = JSON.parse(await widgets('widgets', 'update', 'gear', '--shiny', '--json')) as Record<
      string,
      unknown
    >;
    expect(updated).toMatchObject({ id: created.id, name: 'gear', shiny: true });
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toBe('{"name":"gear","shiny":true}');

    const state = readFileSync(join(dir, 'state.json'), 'utf8');
    expect(state).toContain('"widgets"');
    expect(state).toContain(created.id);

    await widgets('widgets', 'delete', 'gear', '--yes');
    await expect(widgets('widgets', 'get', created.id)).rejects.toThrow(`widget ${created.id} not found`);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer widget-token');
  });

  it('refuses a bad enum value by the descriptor before any request', async () => {
    const before = server.requests.length;
    await expect(widgets('widgets', 'create', '--name', 'x', '--size', 'XL')).rejects.toThrow(/S, M, L/);
    expect(server.requests.length).toBe(before);
  });

  it('has a stack-file schema from the same fields', () => {
    const schema = desiredResourceSchema(WIDGET);
    expect(schema.safeParse({ name: 'gear', size: 'L' }).success).toBe(true);
    expect(schema.safeParse({ name: 'gear', size: 'XL' }).success).toBe(false);
    expect(schema.safeParse({ name: 'gear', size: 'L', colour: 'red' }).success).toBe(false);
  });
});

describe("a create's flags, from the descriptor", () => {
  it('are --file and each field flag (a switch with its --no- form for a boolean), and nothing else', () => {
    const flags = fieldFlags(WIDGET, 'create');
    expect(Object.keys(flags)).toEqual(['file', 'name', 'size', 'shiny']);
    expect(flags.shiny).toMatchObject({ type: 'switch', negatable: true });
    expect(flags.size).toMatchObject({ type: 'value', complete: { kind: 'choices', choices: ['S', 'M', 'L'] } });
  });
});
