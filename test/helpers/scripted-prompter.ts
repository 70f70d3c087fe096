// A Prompter that answers from a script and records what was asked, for testing flows
// without a terminal. Each answer names the question it expects, so a changed flow fails loudly.
import type { Choice, Prompter, Validate } from '../../src/questions.js';

export type Answer = { ask: RegExp; answer: string | boolean | string[] };

export interface Asked {
  kind: keyof Prompter;
  message: string;
  default?: unknown;
  choices?: Choice[];
  /** What validation said of each answer tried. */
  verdicts: Array<string | true>;
}

export class ScriptedPrompter implements Prompter {
  readonly asked: Asked[] = [];

  constructor(private readonly script: Answer[]) {}

  private next(
    kind: keyof Prompter,
    message: string,
    extra: Partial<Asked> = {},
    validate?: Validate,
  ): Answer['answer'] {
    const record: Asked = { kind, message, verdicts: [], ...extra };
    this.asked.push(record);
    // Like a person re-typing after a rejection: take answers until one validates.
    for (;;) {
      const step = this.script.shift();
      if (!step) throw new Error(`unexpected question: ${message}`);
      if (!step.ask.test(message)) throw new Error(`expected a question matching ${step.ask}, got "${message}"`);
      const verdict = validate && typeof step.answer === 'string' ? validate(step.answer) : true;
      record.verdicts.push(verdict);
      if (verdict === true) return step.answer;
    }
  }

  remaining(): number {
    return this.script.length;
  }

  async text(message: string, options: { default?: string; validate?: Validate } = {}) {
    return this.next('text', message, { default: options.default }, options.validate) as string;
  }
  async secret(message: string, options: { validate?: Validate } = {}) {
    return this.next('secret', message, {}, options.validate) as string;
  }
  async confirm(message: string, options: { default?: boolean } = {}) {
    return this.next('confirm', message, { default: options.default }) as boolean;
  }
  async choose(message: string, choices: Choice[], options: { default?: string } = {}) {
    return this.next('choose', message, { choices, default: options.default }) as string;
  }
  async chooseMany(message: string, choices: Choice[]) {
    return this.next('chooseMany', message, { choices }) as string[];
  }
  async multiline(message: string, options: { default?: string; validate?: Validate } = {}) {
    return this.next('multiline', message, { default: options.default }, options.validate) as string;
  }
}
