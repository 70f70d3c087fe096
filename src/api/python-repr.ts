// Best-effort reading of the Python repr the real service sends for tool calls
// (`{'function': 'weather', 'args': '{"city": "Paris"}', 'response': 'Sunny'}`).
// Older servers sent JSON, which this reads too. Never throws.
import { parseBoundedJson } from '../util/bounded-json.js';

class Reader {
  private pos = 0;
  constructor(private readonly text: string) {}

  parse(): unknown {
    const value = this.value();
    this.space();
    if (this.pos !== this.text.length) throw new Error('trailing text');
    return value;
  }

  private space(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  private value(): unknown {
    this.space();
    const c = this.text[this.pos];
    if (c === '{') return this.dict();
    if (c === '[') return this.sequence('[', ']');
    if (c === '(') return this.sequence('(', ')');
    if (c === "'" || c === '"') return this.string();
    if (c && /[rRbBuU]/.test(c) && /['"]/.test(this.text[this.pos + 1] ?? '')) {
      const raw = c === 'r' || c === 'R';
      this.pos++;
      return this.string(raw);
    }
    return this.word();
  }

  private dict(): Record<string, unknown> {
    this.pos++;
    const out: Record<string, unknown> = {};
    for (;;) {
      this.space();
      if (this.text[this.pos] === '}') {
        this.pos++;
        return out;
      }
      const key = this.value();
      this.space();
      this.expect(':');
      out[String(key)] = this.value();
      this.space();
      if (this.text[this.pos] === ',') this.pos++;
      else if (this.text[this.pos] !== '}') throw new Error('expected , or }');
    }
  }

  private sequence(open: string, close: string): unknown[] {
    this.expect(open);
    const out: unknown[] = [];
    for (;;) {
      this.space();
      if (this.text[this.pos] === close) {
        this.pos++;
        return out;
      }
      out.push(this.value());
      this.space();
      if (this.text[this.pos] === ',') this.pos++;
      else if (this.text[this.pos] !== close) throw new Error(`expected , or ${close}`);
    }
  }

  private string(raw = false): string {
    const quote = this.text[this.pos]!;
    this.pos++;
    let out = '';
    for (;;) {
      const c = this.text[this.pos++];
      if (c === undefined) throw new Error('unterminated string');
      if (c === quote) return out;
      if (c !== '\\' || raw) {
        out += c;
        continue;
      }
      const e = this.text[this.pos++];
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case '0':
          out += '\0';
          break;
        case 'x':
          out += this.codePoint(2);
          break;
        case 'u':
          out += this.codePoint(4);
          break;
        case 'U':
          out += this.codePoint(8);
          break;
        case '\n':
          break;
        case undefined:
          throw new Error('unterminated escape');
        default:
          out += e; // \\ \' \" and unknown escapes keep the character
      }
    }
  }

  private codePoint(digits: number): string {
    const hex = this.text.slice(this.pos, this.pos + digits);
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) throw new Error('bad escape');
    this.pos += digits;
    return String.fromCodePoint(parseInt(hex, 16));
  }

  private word(): unknown {
    const match = /^(True|False|None|true|false|null|-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/.exec(
      this.text.slice(this.pos),
    );
    if (!match) throw new Error(`unexpected ${this.text[this.pos] ?? 'end'}`);
    this.pos += match[0].length;
    const word = match[0];
    if (word === 'True' || word === 'true') return true;
    if (word === 'False' || word === 'false') return false;
    if (word === 'None' || word === 'null') return null;
    return Number(word);
  }

  private expect(char: string): void {
    if (this.text[this.pos] !== char) throw new Error(`expected ${char}`);
    this.pos++;
  }
}

export function parsePythonLiteral(text: string): unknown {
  try {
    return new Reader(text.trim()).parse();
  } catch {
    return undefined;
  }
}

export interface ToolCallPayload {
  name?: string;
  args?: unknown;
  response?: unknown;
  raw: string;
}

/** An `event: function_call` payload: {function, args (a JSON string), response}. */
export function parseToolCall(data: string): ToolCallPayload {
  const value = parsePythonLiteral(data);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { raw: data };
  const record = value as Record<string, unknown>;
  const name =
    typeof record.function === 'string' ? record.function : typeof record.name === 'string' ? record.name : undefined;
  let args = record.args;
  if (typeof args === 'string') {
    try {
      args = parseBoundedJson(args);
    } catch {
      // keep the string as the tool received it (or, nested too deep to show safely, as text)
    }
  }
  return { name, args, response: record.response, raw: data };
}
