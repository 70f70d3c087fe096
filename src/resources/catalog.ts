// The three resources the service offers besides agents (legacy-service.md §12).
import { LLM_PROVIDERS } from './models.js';
import type { AttachableDescriptor } from './descriptor.js';

/** ToolType (schema.prisma 53-79). */
const TOOL_TYPES = [
  'ALGOLIA',
  'BROWSER',
  'BING_SEARCH',
  'REPLICATE',
  'WOLFRAM_ALPHA',
  'ZAPIER_NLA',
  'AGENT',
  'OPENAPI',
  'CHATGPT_PLUGIN',
  'METAPHOR',
  'PUBMED',
  'CODE_EXECUTOR',
  'OPENBB',
  'GPT_VISION',
  'TTS_1',
  'HAND_OFF',
  'FUNCTION',
  'HTTP',
  'SUPERRAG',
  'RESEARCH',
  'GITHUB',
  'SCRAPER',
  'ADVANCED_SCRAPER',
  'GOOGLE_SEARCH',
  'SEC',
] as const;

/** DatasourceType (schema.prisma 81-99). */
const DATASOURCE_TYPES = [
  'TXT',
  'PDF',
  'CSV',
  'PPTX',
  'XLSX',
  'DOCX',
  'GOOGLE_DOC',
  'YOUTUBE',
  'GITHUB_REPOSITORY',
  'MARKDOWN',
  'WEBPAGE',
  'AIRTABLE',
  'STRIPE',
  'NOTION',
  'SITEMAP',
  'URL',
  'FUNCTION',
] as const;

export const TOOL = {
  kind: 'tool',
  noun: 'tool',
  plural: 'tools',
  command: 'agents tools',
  segment: 'tools',
  nameKey: 'name',
  paged: true,
  deletable: true,
  patchResends: [],
  patchRefuses: [],
  columns: ['name', 'type', 'description'],
  shownToo: [],
  fields: [
    { key: 'name', flag: 'name', label: 'Name', type: 'text', required: true, description: 'name of the tool' },
    {
      key: 'type',
      flag: 'type',
      label: 'Type',
      type: 'enum',
      choices: TOOL_TYPES,
      required: true,
      description: 'kind of tool',
    },
    {
      key: 'description',
      flag: 'description',
      label: 'Description',
      type: 'text',
      description: 'what it does (the model reads it)',
    },
    {
      key: 'metadata',
      flag: 'metadata',
      label: 'Metadata',
      type: 'json-object',
      description: 'settings of the tool, as a JSON object',
    },
    {
      key: 'returnDirect',
      flag: 'return-direct',
      label: 'Return directly?',
      type: 'boolean',
      description: "answer with the tool's output as is",
    },
  ],
  examples: {
    seeded: 'weather',
    create: ['agents tools create --name weather --type FUNCTION --description "Weather by city" --if-missing'],
    update: 'agents tools update weather --description "Current weather for a city."',
    scratch: 'agents tools create -q --name scratch --type FUNCTION',
  },
  attach: { listedPerAgent: true, duplicateDetail: 'Agent tool already exists' },
} as const satisfies AttachableDescriptor;

// Fields in the order of the service's model (§12.2): the emulator reports them in this order.
export const DATASOURCE = {
  kind: 'datasource',
  noun: 'datasource',
  plural: 'datasources',
  command: 'agents datasources',
  segment: 'datasources',
  nameKey: 'name',
  paged: true,
  deletable: true,
  // §12.2: PATCH reads the create body, so name and type go every time; metadata and the
  // embeddings provider fail there.
  patchResends: ['name', 'type'],
  patchRefuses: ['metadata', 'embeddingsModelProvider'],
  columns: ['name', 'type', 'status'],
  shownToo: ['status'],
  fields: [
    { key: 'name', flag: 'name', label: 'Name', type: 'text', required: true, description: 'name of the datasource' },
    {
      key: 'type',
      flag: 'type',
      label: 'Type',
      type: 'enum',
      choices: DATASOURCE_TYPES,
      required: true,
      description: 'kind of content',
    },
    { key: 'description', flag: 'description', label: 'Description', type: 'text', description: 'what it holds' },
    { key: 'content', flag: 'content', label: 'Content', type: 'text', description: 'the text itself' },
    { key: 'url', flag: 'url', label: 'URL', type: 'text', description: 'where to load it from' },
    {
      key: 'metadata',
      flag: 'metadata',
      label: 'Metadata',
      type: 'json-object',
      description: 'extra settings, as a JSON object (create only)',
    },
    {
      key: 'vectorDbId',
      flag: 'vector-db-id',
      label: 'Vector database id',
      type: 'text',
      description: 'vector database to store it in',
    },
    {
      key: 'embeddingsModelProvider',
      flag: 'embeddings-provider',
      label: 'Embeddings provider',
      type: 'enum',
      choices: ['OPENAI', 'AZURE_OPENAI'],
      description: 'who embeds it (create only)',
    },
  ],
  examples: {
    seeded: 'handbook.pdf',
    create: ['agents datasources create --name handbook --type URL --url https://example.com/handbook --if-missing'],
    update: 'agents datasources update handbook.pdf --description "The employee handbook."',
    scratch: 'agents datasources create -q --name scratch --type URL --url https://example.com',
  },
  attach: { listedPerAgent: true, duplicateDetail: 'Agent datasource already exists' },
} as const satisfies AttachableDescriptor;

export const LLM = {
  kind: 'llm',
  noun: 'LLM',
  plural: 'llms',
  command: 'agents llms',
  segment: 'llms',
  nameKey: 'provider',
  paged: false,
  deletable: false,
  // §12.4: PATCH needs provider and apiKey every time and rewrites options: all three are resent
  // from the current record (the key is read, never shown) unless given.
  patchResends: ['provider', 'apiKey', 'options'],
  patchRefuses: [],
  columns: ['provider'],
  shownToo: [],
  fields: [
    {
      key: 'provider',
      flag: 'provider',
      label: 'Provider',
      type: 'enum',
      choices: LLM_PROVIDERS,
      required: true,
      description: 'who serves the models',
    },
    {
      key: 'apiKey',
      flag: 'api-key',
      label: 'API key',
      type: 'text',
      required: true,
      secret: { env: 'AGENTS_LLM_API_KEY', stdinFlag: 'api-key-stdin' },
      description: "the provider's API key",
    },
    {
      key: 'options',
      flag: 'options',
      label: 'Options',
      type: 'json-object',
      description: 'provider options, as a JSON object',
    },
  ],
  examples: {
    seeded: 'OPENAI',
    create: [
      'printf %s "$AGENTS_KEY_OPENAI" | agents llms create --provider OPENAI --api-key-stdin --if-missing',
      'AGENTS_LLM_API_KEY=$AGENTS_KEY_OPENAI agents llms create --provider OPENAI --if-missing',
    ],
    update: 'agents llms update OPENAI --options \'{"temperature":0}\'',
  },
  // No duplicate check for LLMs: the composite primary key fails.
  attach: { listedPerAgent: false, duplicateDetail: 'Unique constraint failed on the fields: (`agentId`,`llmId`)' },
} as const satisfies AttachableDescriptor;
