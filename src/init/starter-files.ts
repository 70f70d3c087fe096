// The starter files `agents init` writes: a stack of tools, a datasource, an LLM and two agents
// that work against the emulator as they are, and eval cases for those agents. Docs, help examples
// and tests use these (they are what a reader has), so they live here, in the program.

/** stack.yaml: what `agents apply -f stack.yaml` makes. */
export const STARTER_STACK = `# A starter stack, written by \`agents init\`: an LLM whose key comes from an environment variable,
# a tool, a datasource, and two agents that use them by name. \`agents apply -f stack.yaml\` makes
# them so (safe to re-run); \`agents diff -f stack.yaml\` shows what it would change. Edit freely.
# Against the emulator: export AGENTS_KEY_OPENAI=sk-anything first. A stack file may read only
# variables named AGENTS_KEY_… (or one allowed with --allow-env NAME), so that a file from a pull
# request cannot read your other secrets.
llms:
  - provider: OPENAI
    apiKeyEnv: AGENTS_KEY_OPENAI # the key is read from here; it never goes in a file

tools:
  - name: forecast
    type: FUNCTION
    description: The weather forecast for a city

datasources:
  - name: handbook
    type: URL
    url: https://example.com/handbook
    description: The employee handbook

agents:
  - name: Support bot
    description: Answers questions from the handbook
    llmModel: GPT_4_TURBO
    prompt: Answer briefly and cite the handbook.
    llms: [OPENAI]
    datasources: [handbook]

  - name: Travel bot
    description: Plans trips around the weather
    llmModel: GPT_4
    llms: [OPENAI]
    tools: [forecast]
`;

/** evals.yaml: cases for the agents of stack.yaml; two fail on purpose, to show a failure. */
export const STARTER_EVALS = `# Starter cases, written by \`agents init\`, for \`agents eval -f evals.yaml\` against the two agents
# of stack.yaml (run \`agents apply -f stack.yaml\` first). The last two cases fail on purpose, to show
# what a failure looks like, so the whole file exits 1; \`--filter\` picks cases by name.
cases:
  - name: greets back
    agent: Support bot
    input: hello
    assert:
      - contains: hello
      - regex: '^You said'
      - max-latency-ms: 10000
      - no-error: true

  - name: remembers within a conversation
    agent: Support bot
    turns:
      - input: My name is Ada.
      - input: What is my name?
        assert:
          - icontains: ada
          - not-contains: error

  - name: calls the forecast tool
    agent: Travel bot
    input: Will it rain in Paris tomorrow?
    assert:
      - tool-called: forecast
      - tool-called: { name: forecast, args: { query: Will it rain in Paris tomorrow? } }
      - max-ttft-ms: 5000

  - name: answers in JSON
    agent: Travel bot
    input: Plan a day in Paris
    outputSchema: { type: object, properties: { city: { type: string }, hours: { type: integer } }, required: [city, hours] }
    assert:
      - is-json: true
      - json-schema: { type: object, properties: { hours: { type: integer, minimum: 1 } }, required: [city, hours] }

  - name: says it exactly (fails on purpose)
    agent: Support bot
    input: hello
    assert:
      - equals: Hello! How can I help?

  - name: survives a model failure (fails on purpose)
    agent: Support bot
    input: '[[error]] tell me a story'
    assert:
      - no-error: true
`;

/** What init writes, by file name. */
export const STARTER_FILES: ReadonlyArray<{ name: string; text: string }> = [
  { name: 'stack.yaml', text: STARTER_STACK },
  { name: 'evals.yaml', text: STARTER_EVALS },
];
