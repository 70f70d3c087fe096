// The llmModel values the real service knows (its Prisma enum), for prompts and completion.
// Free text stays allowed: other servers may know other models.
export const KNOWN_LLM_MODELS = [
  'GPT_3_5_TURBO',
  'GPT_3_5_TURBO_16K_0613',
  'GPT_3_5_TURBO_0613',
  'GPT_3_5_TURBO_1106',
  'GPT_3_5_TURBO_0125',
  'GPT_4',
  'GPT_4_0613',
  'GPT_4_32K',
  'GPT_4_32K_0613',
  'GPT_4_1106_PREVIEW',
  'GPT_4_0125_PREVIEW',
  'GPT_4_TURBO',
  'GPT_4_TURBO_PREVIEW',
  'GPT_4_TURBO_2024_04_09',
  'GPT_4_0',
  'MISTRAL_7B_INSTRUCT_V01',
  'MIXTRAL_8X7B_INSTRUCT_V01',
] as const;

export const LLM_PROVIDERS = [
  'OPENAI',
  'AZURE_OPENAI',
  'HUGGINGFACE',
  'PERPLEXITY',
  'TOGETHER_AI',
  'ANTHROPIC',
  'BEDROCK',
  'GROQ',
  'MISTRAL',
  'COHERE_CHAT',
] as const;

/**
 * The provider the real service works out by itself from llmModel (its LLM_PROVIDER_MAPPING),
 * or undefined when llmProvider must be sent. The mapping spells GPT-4o GPT_4_O (letter O), so
 * the enum's GPT_4_0 (digit zero) is not in it and needs llmProvider OPENAI.
 */
export function providerOfModel(model: string): 'OPENAI' | undefined {
  // The map lists the enum's GPT models only: a newer or misspelt GPT name has no provider either.
  return model.startsWith('GPT_') && model !== 'GPT_4_0' && (KNOWN_LLM_MODELS as readonly string[]).includes(model)
    ? 'OPENAI'
    : undefined;
}

/**
 * The provider a known model needs named because the service cannot work it out (GPT_4_0 →
 * OPENAI), or undefined when it maps the model itself or the model is not one this CLI knows.
 * create sends it as llmProvider; an update cannot, so the agent must already have its LLM.
 */
export function providerToName(model: string): string | undefined {
  if (!(KNOWN_LLM_MODELS as readonly string[]).includes(model) || providerOfModel(model)) return undefined;
  return likelyProvider(model);
}

/**
 * The known models nearest to a name (edit distance, case-insensitive), for "did you mean".
 * Empty when none is near: three edits, or a third of the name.
 */
function closestModels(name: string, count = 3): string[] {
  const wanted = name.toUpperCase();
  const limit = Math.max(3, Math.floor(wanted.length / 3));
  return KNOWN_LLM_MODELS.map((model) => ({ model, distance: editDistance(wanted, model) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, count)
    .map(({ model }) => model);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_v, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** The provider to suggest for a model the service cannot map. */
export function likelyProvider(model: string): string | undefined {
  if (model.startsWith('GPT_')) return 'OPENAI';
  if (/MISTRAL|MIXTRAL/.test(model)) return 'TOGETHER_AI';
  return undefined;
}

/**
 * Why a model would be refused, or undefined when it is known. The service rejects a model outside
 * its enum with a bare 500, so the CLI says so before sending, with the nearest names.
 */
export function unknownModelProblem(model: string): string | undefined {
  if ((KNOWN_LLM_MODELS as readonly string[]).includes(model)) return undefined;
  const near = closestModels(model);
  return `unknown model ${JSON.stringify(model)}${near.length ? `; did you mean ${near.join(', ')}?` : ''}`;
}

export const UNKNOWN_MODEL_HINT =
  '`agents models` lists them; pass --allow-unknown-model if your server knows newer ones.';
