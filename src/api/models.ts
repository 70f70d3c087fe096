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

export const LLM_PROVIDERS = ['OPENAI', 'AZURE_OPENAI', 'HUGGINGFACE', 'PERPLEXITY', 'TOGETHER_AI', 'ANTHROPIC', 'BEDROCK', 'GROQ', 'MISTRAL', 'COHERE_CHAT'] as const;
