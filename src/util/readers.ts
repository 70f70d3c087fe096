// How a flag's, variable's, setting's or argument's text is read: each reader makes the zod schema
// that turns the text into a value or says, naming its source, what is wrong with it. Built only
// when a command runs (schemas cost tens of microseconds each; there are hundreds).
import { z } from './zod.js';
import type * as Zod from 'zod/mini';
import { CliError } from '../errors.js';
import { decimal } from './decimal.js';

/** Reads the text of a flag, variable, setting or argument; `source` names it in messages (`--limit`). */
export type Reader<T> = (source: string) => Zod.ZodMiniType<T, string>;

/** Any text, as given. */
export const anyText: Reader<string> = () => z.string();

/** Text that says something: trimmed, not empty. */
export const someText: Reader<string> = (source) =>
  z.string().check(z.trim(), z.minLength(1, `${source} must not be empty`));

/** A number in plain decimal (1e3 too): "0x1" or "" is no number, whatever Number() says. */
const decimalNumber = (source: string, what = 'a number') =>
  z.pipe(
    z.string(),
    z.transform<string, number>((text, context) => {
      const value = decimal(text);
      if (!Number.isNaN(value)) return value;
      context.issues.push({
        code: 'custom',
        input: text,
        message: `${source} must be ${what}, got ${JSON.stringify(text)}`,
      });
      return z.NEVER;
    }),
  );

/** A whole number from min (to max): --limit, --concurrency, --port. */
export const wholeNumber =
  (min: number, max?: number): Reader<number> =>
  (source) => {
    const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
    const checks: Zod.core.$ZodCheck<number>[] = [
      z.int(`${source} must be a whole number`),
      z.gte(min, `${source} must be ${range}`),
    ];
    if (max !== undefined) checks.push(z.lte(max, `${source} must be ${range}`));
    return z.pipe(decimalNumber(source), z.number().check(...checks));
  };

/** A number between min and max: --temperature, --threshold. */
export const numberBetween =
  (min: number, max: number): Reader<number> =>
  (source) =>
    z.pipe(
      decimalNumber(source),
      z
        .number()
        .check(
          z.gte(min, `${source} must be between ${min} and ${max}`),
          z.lte(max, `${source} must be between ${min} and ${max}`),
        ),
    );

/** The longest a timer can wait: Node's timers stop at 2^31-1 ms, and a longer wait fires at once. */
const MAX_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/** Seconds to wait, more than 0 and no more than a timer can: --timeout, --watch. */
export const seconds: Reader<number> = (source) =>
  z.pipe(
    decimalNumber(source, 'a positive number of seconds'),
    z
      .number()
      .check(
        z.gt(0, `${source} must be a positive number of seconds`),
        z.lte(
          MAX_SECONDS,
          `${source} must be at most ${MAX_SECONDS} seconds (about 24 days: the longest a timer waits)`,
        ),
      ),
  );

/** One of the given words. */
export const oneOf =
  <const C extends readonly string[]>(choices: C): Reader<C[number]> =>
  (source) =>
    z.enum(choices as unknown as readonly [C[number], ...C[number][]], {
      error: (issue: { input?: unknown }) =>
        `${source} must be one of ${choices.join(', ')}, got ${JSON.stringify(issue.input)}`,
    });

/** true/false, yes/no, 1/0, on/off: a boolean setting given as text. */
export const yesOrNo: Reader<boolean> = (source) =>
  z.pipe(
    z.string(),
    z.transform<string, boolean>((text, context) => {
      if (/^(true|yes|1|on)$/i.test(text)) return true;
      if (/^(false|no|0|off)$/i.test(text)) return false;
      context.issues.push({
        code: 'custom',
        input: text,
        message: `${source} must be true or false, got ${JSON.stringify(text)}`,
      });
      return z.NEVER;
    }),
  );

/**
 * A switch variable of ours (AGENTS_NO_LOG, AGENTS_ALLOW_INSECURE_HTTP): on for 1, true, yes or on
 * in any case; off, as if unset, for 0, false, no, off or empty; anything else is exit 2 naming it.
 */
export const switchedOn = (value: string | undefined, variable: string): boolean =>
  value !== undefined && value !== '' && readWith(yesOrNo, value, variable);

/** The value `text` stands for, or exit 2 with the reader's first message (naming `source`). */
export function readWith<T>(reader: Reader<T>, text: string, source: string): T {
  const parsed = reader(source).safeParse(text);
  if (parsed.success) return parsed.data;
  const [first, ...rest] = parsed.error.issues;
  throw new CliError('usage', first?.message ?? `${source} is not valid`, {
    details: rest.map((issue) => issue.message),
  });
}
