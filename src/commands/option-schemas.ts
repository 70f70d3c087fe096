// The vocabulary of the commands' option schemas. Commander reads the syntax (numbers arrive
// through util/decimal.ts, NaN for anything that is not plain decimal); these say what a value
// means, and every message names the flag.
import * as z from 'zod/mini';
import type { ResourceDescriptor } from '../resources/descriptor.js';
import { attributeOf } from '../resources/flags.js';

/** A whole number from min (to max), e.g. --limit, --concurrency, --port. */
export function wholeNumber(flag: string, min: number, max?: number) {
  const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
  const atLeast = z
    .number({ error: `${flag} must be a number` })
    .check(z.int(`${flag} must be a whole number`), z.gte(min, `${flag} must be ${range}`));
  return max === undefined ? atLeast : atLeast.check(z.lte(max, `${flag} must be ${range}`));
}

/** A number between min and max, e.g. --temperature. */
export const numberBetween = (flag: string, min: number, max: number) =>
  z
    .number({ error: `${flag} must be a number` })
    .check(
      z.gte(min, `${flag} must be between ${min} and ${max}`),
      z.lte(max, `${flag} must be between ${min} and ${max}`),
    );

/** Text that must say something, e.g. --host, --session. */
export const someText = (flag: string) =>
  z.string({ error: `${flag} must be text` }).check(z.trim(), z.minLength(1, `${flag} must not be empty`));

/** A switch: true when given (false for its --no- form), absent otherwise. */
export const aSwitch = () => z.optional(z.boolean());

/** list's paging: --limit N (a default comes from commander) or --all. */
export const listOptions = z.object({ limit: wholeNumber('--limit', 1), all: aSwitch() });

/** A create's or update's options: --file and friends, then one flag per field of the descriptor. */
export type FieldFlagOptions = { file?: string; allowUnknownModel?: boolean; ifMissing?: boolean } & {
  [flag: string]: string | boolean | undefined;
};

/**
 * The schema of a create's or update's options, made from the descriptor as its flags are
 * (resources/flags.ts): a switch for a boolean field and a secret's --…-stdin, text for the
 * others (fields.ts then reads their meaning). No other key passes.
 */
export function fieldFlagOptions(resource: ResourceDescriptor): z.ZodMiniType<FieldFlagOptions> {
  const flags = resource.fields.flatMap((field): Array<[string, z.ZodMiniType]> => {
    if (field.secret) return [[attributeOf(field.secret.stdinFlag), aSwitch()]];
    return [[attributeOf(field.flag), field.type === 'boolean' ? aSwitch() : z.optional(z.string())]];
  });
  return z.strictObject({
    file: z.optional(z.string().check(z.minLength(1, '--file must not be empty'))),
    allowUnknownModel: aSwitch(),
    ifMissing: aSwitch(),
    ...Object.fromEntries(flags),
  });
}

/** A path or "-" (stdin), as most -f / --output flags take. */
export const aPath = (flag: string) => z.optional(z.string().check(z.minLength(1, `${flag} must not be empty`)));

/** No options beyond the global ones. */
export const noOptions = z.object({});

/** No positional arguments. */
export const noArguments = z.tuple([]);

/** A positional argument that may be left out (a terminal then asks, or a default applies). */
export const maybeWord = () => z.optional(z.string());

/** A positional argument commander requires. */
export const aWord = () => z.string();

/** A variadic argument (`<tool...>`): the words given, none when left out. */
export const someWords = () =>
  z.pipe(
    z.optional(z.array(z.string())),
    z.transform((words) => words ?? []),
  );
