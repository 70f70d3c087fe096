// A deterministic stand-in for the model: the same input and history give the same tokens.
// Markers in the input drive failure modes for tests and demos (see docs/emulator.md).

export interface ToolUse {
  name: string;
  args: Record<string, unknown>;
  response: string;
}

export interface ModelAnswer {
  /** Raw tokens as the real service streams them; "\n" is its own token. */
  tokens: string[];
  toolUses: ToolUse[];
  /** Present when an output schema was asked for. */
  structured?: unknown;
}

export const MARKERS = {
  error: '[[error]]',
  slow: '[[slow]]',
  hang: '[[hang]]',
  long: /\[\[long:(\d+)\]\]/,
  /** The answer is exactly TEXT: a judge that says PASS or FAIL, in tests and demos. */
  reply: /\[\[reply:([^\]]*)\]\]/,
} as const;

/** Splits text into tokens the way a model streams them: words keep their leading space. */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) tokens.push('\n');
    tokens.push(...(line.match(/\s*\S+/g) ?? []));
  });
  return tokens;
}

export function answer(
  input: string,
  history: string[],
  tools: string[],
  outputSchema: string | undefined,
): ModelAnswer {
  const toolUses = tools.map((name) => ({
    name,
    args: { query: input.slice(0, 60) },
    response: `${name} result for "${input.slice(0, 40)}"`,
  }));
  if (outputSchema !== undefined) {
    const structured = structuredAnswer(input, outputSchema);
    return { tokens: [JSON.stringify(structured)], toolUses, structured };
  }
  const reply = MARKERS.reply.exec(input);
  if (reply) return { tokens: tokenize(reply[1]!), toolUses: [] };
  const long = MARKERS.long.exec(input);
  if (long)
    return { tokens: Array.from({ length: Number(long[1]) }, (_v, i) => (i === 0 ? 'token' : ' token')), toolUses };

  const earlier = history.at(-1);
  const first =
    earlier === undefined ? `You said: "${input}".` : `Earlier you said: "${earlier}". Now you said: "${input}".`;
  const second = `This is turn ${history.length + 1} of the session — it is 21°C and sunny in the emulator.`;
  return { tokens: tokenize(`${first}\n${second}`), toolUses };
}

/** A value shaped by the schema when it is a JSON Schema; else a small object. */
function structuredAnswer(input: string, schemaText: string): unknown {
  let schema: unknown;
  try {
    schema = JSON.parse(schemaText);
  } catch {
    return { answer: `You said: "${input}".` };
  }
  return valueFor(schema, 'answer', input);
}

function valueFor(schema: unknown, name: string, input: string): unknown {
  const s = (schema ?? {}) as {
    type?: unknown;
    properties?: Record<string, unknown>;
    items?: unknown;
    enum?: unknown[];
  };
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const type: unknown = Array.isArray(s.type) ? (s.type as unknown[])[0] : s.type;
  if (type === 'object' || s.properties) {
    return Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([key, inner]) => [key, valueFor(inner, key, input)]),
    );
  }
  switch (type) {
    case 'string':
      return `${name} for "${input.slice(0, 40)}"`;
    case 'integer':
    case 'number':
      return 42;
    case 'boolean':
      return true;
    case 'array':
      return s.items ? [valueFor(s.items, name, input)] : [];
    case 'null':
      return null;
    default:
      return `${name} for "${input.slice(0, 40)}"`;
  }
}

/** Python's repr of a str, as the real service's function_call frames carry it. */
function pythonRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === '\\') out += '\\\\';
    else if (char === quote) out += '\\' + quote;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += '\\x' + code.toString(16).padStart(2, '0');
    else out += char;
  }
  return out + quote;
}

/** The function_call payload: {'function': …, 'args': '<json string>', 'response': …}. */
export function toolCallFrameData(use: ToolUse): string {
  // Python's json.dumps separates with ", " and ": " (the args here are flat).
  const args =
    '{' +
    Object.entries(use.args)
      .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
      .join(', ') +
    '}';
  return `{'function': ${pythonRepr(use.name)}, 'args': ${pythonRepr(args)}, 'response': ${pythonRepr(use.response)}}`;
}
