// The real service's answers, row by row, as docs/legacy-service.md states them:
// for every route the CLI calls, the request, the status, the content type, the envelope,
// every field of the record with its JSON type, and the error detail. Section numbers refer to
// that page. Paths may hold :agent (an agent made for the row, with a tool, a datasource and its
// LLM linked), :missing (an id nothing has) and the seeded :tool, :datasource, :llm.

/** A JSON type, or several joined with "|"; "any" for a field legacy-service.md types as unknown. */
type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array' | 'any' | `${string}|${string}`;

/** Every field of a record: a JSON type, a nested record, or an array of records of one shape. */
export type FieldShape = JsonType | { object: RecordShape } | { array: RecordShape };
export type RecordShape = { [field: string]: FieldShape };

// §12.3, in wire order.
const TOOL: RecordShape = {
  id: 'string',
  name: 'string',
  description: 'string',
  type: 'string',
  returnDirect: 'boolean',
  metadata: 'string', // a text column: "" when none was given
  createdAt: 'string',
  updatedAt: 'string',
  apiUserId: 'string',
  apiUser: 'null',
  tools: 'null',
  toolConfig: 'any', // a Json column: a JSON value (null for tools made through the API)
};
const DATASOURCE: RecordShape = {
  id: 'string',
  name: 'string',
  content: 'string|null',
  description: 'string|null',
  url: 'string|null',
  type: 'string',
  apiUserId: 'string',
  apiUser: 'null',
  createdAt: 'string',
  updatedAt: 'string',
  metadata: 'string|null', // a text column
  status: 'string',
  datasources: 'null',
  vectorDb: 'null',
  vectorDbId: 'string|null',
};
const LLM: RecordShape = {
  id: 'string',
  provider: 'string',
  apiKey: 'string',
  options: 'any',
  agents: 'null',
  createdAt: 'string',
  updatedAt: 'string',
  apiUserId: 'string',
  apiUser: 'null',
};

// §1.1 link records: composite keys, no id; the target loaded (get) or not (null).
const link = (key: string, target: string, shape: RecordShape | 'null'): RecordShape => ({
  agentId: 'string',
  [key]: 'string',
  createdAt: 'string',
  updatedAt: 'string',
  agent: 'null',
  [target]: shape === 'null' ? 'null' : { object: shape },
});
const LINK_SHAPES = {
  toolLoaded: link('toolId', 'tool', TOOL),
  datasourceLoaded: link('datasourceId', 'datasource', DATASOURCE),
  llmLoaded: link('llmId', 'llm', LLM),
  tool: link('toolId', 'tool', 'null'),
  datasource: link('datasourceId', 'datasource', 'null'),
  llm: link('llmId', 'llm', 'null'),
};

// §1.1, in the Prisma model's order; relations and metadata differ by route.
function agent(relations: Pick<RecordShape, 'llms' | 'datasources' | 'tools'>, metadata: JsonType): RecordShape {
  return {
    id: 'string',
    type: 'string',
    name: 'string',
    avatar: 'string|null',
    initialMessage: 'string|null',
    description: 'string',
    isActive: 'boolean',
    createdAt: 'string',
    updatedAt: 'string',
    llms: relations.llms,
    llmModel: 'string|null',
    prompt: 'string|null',
    apiUserId: 'string',
    apiUser: 'null',
    datasources: relations.datasources,
    tools: relations.tools,
    workflowSteps: 'null',
    metadata,
    outputSchema: 'string|null',
  };
}
const EMPTY = { array: {} as RecordShape };
const AGENT = {
  created: agent({ llms: EMPTY, datasources: EMPTY, tools: EMPTY }, 'string'), // §2.1: llms [] and metadata as JSON text
  got: agent(
    {
      llms: { array: LINK_SHAPES.llmLoaded },
      datasources: { array: LINK_SHAPES.datasourceLoaded },
      tools: { array: LINK_SHAPES.toolLoaded },
    },
    'any',
  ),
  listed: agent({ llms: { array: LINK_SHAPES.llm }, datasources: 'null', tools: 'null' }, 'any'), // §6: only the LLM link rows
  patched: agent({ llms: 'null', datasources: 'null', tools: 'null' }, 'any'), // §2.2: no relation loaded
  deleted: agent({ llms: 'null', datasources: 'null', tools: 'null' }, 'any'), // §6: the deleted row
};

type Envelope =
  | { data: RecordShape } // {"success": true, "data": record}
  | { list: RecordShape; paged: boolean } // {"success": true, "data": [record…], "total_pages"?: n}
  | { data: null } // {"success": true, "data": null}
  | { detail: string | RegExp } // {"detail": "…"}
  | { validation: string[] } // {"detail": [{loc, msg, type}…]}, the locs joined with "."
  | { text: string } // a plain-text body
  | { stream: RegExp }; // text/event-stream

export interface ContractRow {
  section: string;
  name: string;
  /** Requests sent first (with the same placeholders). */
  before?: Array<{ method: string; path: string; body?: unknown }>;
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
  contentType: 'application/json' | 'text/plain; charset=utf-8' | 'text/event-stream; charset=utf-8';
  envelope: Envelope;
}

const JSON_TYPE = 'application/json';
const TEXT = 'text/plain; charset=utf-8';
const newAgent = { name: 'Contract bot', description: 'd', llmModel: 'GPT_4_TURBO' };

export const CONTRACT: ContractRow[] = [
  // §2.1 create
  {
    section: '§2.1',
    name: 'create',
    method: 'POST',
    path: '/agents',
    body: { ...newAgent, metadata: { team: 'docs' } },
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: AGENT.created },
  },
  {
    section: '§2.1',
    name: 'create without name',
    method: 'POST',
    path: '/agents',
    body: { description: 'd' },
    status: 422,
    contentType: JSON_TYPE,
    envelope: { validation: ['body.name'] },
  },
  {
    section: '§2.1',
    name: 'create with no provider',
    method: 'POST',
    path: '/agents',
    body: { name: 'x' },
    status: 400,
    contentType: JSON_TYPE,
    envelope: { detail: 'LLM provider not found' },
  },
  {
    section: '§2.1',
    name: 'create with GPT_4_0, which the provider map lacks',
    method: 'POST',
    path: '/agents',
    body: { name: 'x', llmModel: 'GPT_4_0' },
    status: 400,
    contentType: JSON_TYPE,
    envelope: { detail: 'LLM provider not found' },
  },
  {
    section: '§2.1',
    name: 'create with an unknown model and no provider',
    method: 'POST',
    path: '/agents',
    body: { name: 'x', llmModel: 'NOT_A_MODEL' },
    status: 400,
    contentType: JSON_TYPE,
    envelope: { detail: 'LLM provider not found' },
  },
  {
    section: '§2.1',
    name: 'create for a provider with no LLM',
    method: 'POST',
    path: '/agents',
    body: { name: 'x', llmModel: 'MISTRAL_7B_INSTRUCT_V01', llmProvider: 'MISTRAL' },
    status: 400,
    contentType: JSON_TYPE,
    envelope: { detail: 'Please set an LLM first' },
  },
  {
    section: '§2.1',
    name: 'create with an unknown model and a provider',
    method: 'POST',
    path: '/agents',
    body: { name: 'x', llmModel: 'NOT_A_MODEL', llmProvider: 'OPENAI' },
    status: 500,
    contentType: TEXT,
    envelope: { text: 'Internal Server Error' },
  },
  // §6 list and get
  {
    section: '§6',
    name: 'list',
    method: 'GET',
    path: '/agents?skip=0&take=50',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { list: AGENT.listed, paged: true },
  },
  {
    section: '§6',
    name: 'get',
    method: 'GET',
    path: '/agents/:agent',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: AGENT.got },
  },
  {
    section: '§5',
    name: 'get a missing agent',
    method: 'GET',
    path: '/agents/:missing',
    status: 500,
    contentType: JSON_TYPE,
    envelope: { detail: "'NoneType' object has no attribute 'metadata'" },
  },
  // §2.2 patch
  {
    section: '§2.2',
    name: 'patch',
    method: 'PATCH',
    path: '/agents/:agent',
    body: { prompt: 'p' },
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: AGENT.patched },
  },
  {
    section: '§5',
    name: 'patch a missing agent',
    method: 'PATCH',
    path: '/agents/:missing',
    body: { prompt: 'p' },
    status: 500,
    contentType: JSON_TYPE,
    envelope: { detail: /Record to update not found/ },
  },
  // §6 delete
  {
    section: '§6',
    name: 'delete',
    method: 'DELETE',
    path: '/agents/:agent',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: AGENT.deleted },
  },
  {
    section: '§5',
    name: 'delete a missing agent',
    method: 'DELETE',
    path: '/agents/:missing',
    status: 500,
    contentType: JSON_TYPE,
    envelope: { detail: /Record to delete not found/ },
  },
  // §3 invoke
  {
    section: '§3.3',
    name: 'invoke, streaming',
    method: 'POST',
    path: '/agents/:agent/invoke',
    body: { input: 'hi', enableStreaming: true },
    status: 200,
    contentType: 'text/event-stream; charset=utf-8',
    envelope: { stream: /^event: message\ndata: / },
  },
  {
    section: '§3.2',
    name: 'invoke, whole',
    method: 'POST',
    path: '/agents/:agent/invoke',
    body: { input: 'hi', enableStreaming: false },
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: { input: 'string', chat_history: { array: {} }, output: 'any', intermediate_steps: 'array' } },
  },
  {
    section: '§3.1',
    name: 'invoke without enableStreaming',
    method: 'POST',
    path: '/agents/:agent/invoke',
    body: { input: 'hi' },
    status: 422,
    contentType: JSON_TYPE,
    envelope: { validation: ['body.enableStreaming'] },
  },
  {
    section: '§3.3',
    name: 'invoke a missing agent',
    method: 'POST',
    path: '/agents/:missing/invoke',
    body: { input: 'hi', enableStreaming: true },
    status: 500,
    contentType: TEXT,
    envelope: { text: 'Internal Server Error' },
  },
  // §2.3-2.5 attach
  {
    section: '§2.4',
    name: 'attach a tool',
    method: 'POST',
    path: '/agents/:agent/tools',
    body: { toolId: ':tool' },
    before: [{ method: 'DELETE', path: '/agents/:agent/tools/:tool' }],
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: null },
  },
  {
    section: '§2.4',
    name: 'attach a tool twice',
    method: 'POST',
    path: '/agents/:agent/tools',
    body: { toolId: ':tool' },
    status: 500,
    contentType: JSON_TYPE,
    envelope: { detail: 'Agent tool already exists' },
  },
  {
    section: '§2.4',
    name: 'attach a tool that does not exist',
    method: 'POST',
    path: '/agents/:agent/tools',
    body: { toolId: ':missing' },
    status: 500,
    contentType: JSON_TYPE,
    envelope: { detail: /^Foreign key constraint failed on the field: `.*toolId.*`$/ },
  },
  {
    section: '§2.4',
    name: 'attach to an agent that does not exist',
    method: 'POST',
    path: '/agents/:missing/tools',
    body: { toolId: ':tool' },
    status: 500,
    contentType: JSON_TYPE,
    envelope: { detail: /^Foreign key constraint failed on the field: `.*agentId.*`$/ },
  },
  {
    section: '§2.3',
    name: 'attach a datasource',
    method: 'POST',
    path: '/agents/:agent/datasources',
    body: { datasourceId: ':datasource' },
    before: [{ method: 'DELETE', path: '/agents/:agent/datasources/:datasource' }],
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: null },
  },
  {
    section: '§2.3',
    name: 'attach a datasource twice',
    method: 'POST',
    path: '/agents/:agent/datasources',
    body: { datasourceId: ':datasource' },
    status: 500,
    contentType: JSON_TYPE,
    envelope: { detail: 'Agent datasource already exists' },
  },
  {
    section: '§2.5',
    name: 'attach an LLM',
    method: 'POST',
    path: '/agents/:agent/llms',
    body: { llmId: ':llm' },
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: null },
  },
  {
    section: '§2.5',
    name: 'attach an LLM twice (no duplicate check: the primary key fails)',
    method: 'POST',
    path: '/agents/:agent/llms',
    body: { llmId: ':llm' },
    before: [{ method: 'POST', path: '/agents/:agent/llms', body: { llmId: ':llm' } }],
    status: 500,
    contentType: JSON_TYPE,
    envelope: { detail: /Unique constraint failed/ },
  },
  {
    section: '§2.4',
    name: 'attach without toolId',
    method: 'POST',
    path: '/agents/:agent/tools',
    body: {},
    status: 422,
    contentType: JSON_TYPE,
    envelope: { validation: ['body.toolId'] },
  },
  // §6 the agent's link lists
  {
    section: '§6',
    name: "an agent's tools",
    method: 'GET',
    path: '/agents/:agent/tools',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { list: LINK_SHAPES.tool, paged: false },
  },
  {
    section: '§6',
    name: "an agent's datasources",
    method: 'GET',
    path: '/agents/:agent/datasources',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { list: LINK_SHAPES.datasource, paged: false },
  },
  // §12.5 detach: 200 data:null whatever was there
  {
    section: '§12.5',
    name: 'detach a tool',
    method: 'DELETE',
    path: '/agents/:agent/tools/:tool',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: null },
  },
  {
    section: '§12.5',
    name: 'detach a tool that is not attached',
    method: 'DELETE',
    path: '/agents/:agent/tools/:missing',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: null },
  },
  {
    section: '§12.5',
    name: 'detach from an agent that does not exist',
    method: 'DELETE',
    path: '/agents/:missing/datasources/:datasource',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: null },
  },
  {
    section: '§12.5',
    name: 'detach an LLM',
    method: 'DELETE',
    path: '/agents/:agent/llms/:llm',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { data: null },
  },
  // §12.1 catalogues
  {
    section: '§12.1',
    name: 'list tools',
    method: 'GET',
    path: '/tools?skip=0&take=50',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { list: TOOL, paged: true },
  },
  {
    section: '§12.1',
    name: 'list tools, take=0',
    method: 'GET',
    path: '/tools?skip=0&take=0',
    status: 500,
    contentType: JSON_TYPE,
    envelope: { detail: 'division by zero' },
  },
  {
    section: '§12.1',
    name: 'list datasources',
    method: 'GET',
    path: '/datasources?skip=0&take=50',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { list: DATASOURCE, paged: true },
  },
  {
    section: '§12.1',
    name: 'list datasources, take=0',
    method: 'GET',
    path: '/datasources?take=0',
    status: 500,
    contentType: JSON_TYPE,
    envelope: { detail: 'division by zero' },
  },
  {
    section: '§12.1',
    name: 'list LLMs (no paging)',
    method: 'GET',
    path: '/llms',
    status: 200,
    contentType: JSON_TYPE,
    envelope: { list: LLM, paged: false },
  },
  // §4 authentication
  {
    section: '§4',
    name: 'no Authorization header',
    method: 'GET',
    path: '/agents',
    headers: { authorization: '' },
    status: 403,
    contentType: JSON_TYPE,
    envelope: { detail: 'Not authenticated' },
  },
  {
    section: '§4',
    name: 'another scheme',
    method: 'GET',
    path: '/agents',
    headers: { authorization: 'Basic abc' },
    status: 403,
    contentType: JSON_TYPE,
    envelope: { detail: 'Invalid authentication credentials' },
  },
  {
    section: '§4',
    name: 'a token that is not a JWT',
    method: 'GET',
    path: '/agents',
    headers: { authorization: 'Bearer not-a-token' },
    status: 500,
    contentType: TEXT,
    envelope: { text: 'Internal Server Error' },
  },
];
