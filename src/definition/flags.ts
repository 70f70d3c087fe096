// The kinds of flags and arguments a spec declares, each with its reader and completion: a spec
// says `limit: count('how many agents to show', { min: 1, default: '50' })` and gets the commander
// option, the check and its message, the help line and what TAB offers from that one line.
import type { ReferenceKind } from '../resources/registry.js';
import { anyText, numberBetween, oneOf, someText, wholeNumber, type Reader } from '../util/readers.js';
import type { Arg, ListFlag, SwitchFlag, ValueFlag, ValueSource } from './define.js';

interface Common {
  short?: string;
  hidden?: boolean;
  conflicts?: readonly string[];
  placeholder?: string;
  env?: string;
}

type WithDefault = Common & { default: string };

function valueFlag<T>(
  help: string,
  read: Reader<T>,
  complete: ValueSource,
  placeholder: string,
  options: Common & { default?: string; output?: boolean; negatable?: string },
): ValueFlag<T> {
  return { type: 'value', help, read, complete, placeholder: options.placeholder ?? placeholder, ...options };
}

/** Text that must say something: --name, --session. */
export function text(help: string, options: WithDefault): ValueFlag<string, true>;
export function text<const N extends string | undefined = undefined>(
  help: string,
  options?: Common & { complete?: ValueSource; negatable?: N },
): ValueFlag<string, false> & { negatable: N };
export function text(
  help: string,
  options: Common & { default?: string; complete?: ValueSource; negatable?: string } = {},
) {
  return valueFlag(help, someText, options.complete ?? { kind: 'free' }, 'text', options);
}

/** A file to read, or - for stdin. */
export function inputPath(help: string, options: Common = {}): ValueFlag<string, false> {
  return valueFlag(help, someText, { kind: 'files' }, 'path', options);
}

/** A file the command writes: checked before anything is sent. */
export function outputPath(help: string, options: Common = {}): ValueFlag<string, false> {
  return valueFlag(help, someText, { kind: 'files' }, 'file', { ...options, output: true });
}

/** A whole number from min (to max). */
export function count(help: string, options: WithDefault & { min: number; max?: number }): ValueFlag<number, true>;
export function count(help: string, options: Common & { min: number; max?: number }): ValueFlag<number, false>;
export function count(help: string, options: Common & { min: number; max?: number; default?: string }) {
  return valueFlag(help, wholeNumber(options.min, options.max), { kind: 'free' }, 'n', options);
}

/** A number between min and max. */
export function fraction(help: string, options: WithDefault & { min: number; max: number }): ValueFlag<number, true>;
export function fraction(help: string, options: Common & { min: number; max: number }): ValueFlag<number, false>;
export function fraction(help: string, options: Common & { min: number; max: number; default?: string }) {
  return valueFlag(help, numberBetween(options.min, options.max), { kind: 'free' }, 'n', options);
}

/** One of a few words, offered by TAB. */
export function choice<const C extends readonly string[]>(
  help: string,
  choices: C,
  options: WithDefault,
): ValueFlag<C[number], true> {
  return valueFlag(help, oneOf(choices), { kind: 'choices', choices }, choices.join('|'), options);
}

/** A record named by an id, an id prefix or a name. */
export function reference(kind: ReferenceKind, help: string, options: Common = {}): ValueFlag<string, false> {
  return valueFlag(help, someText, { kind: 'known', of: kind }, kind, options);
}

/** Given any number of times. */
export function list(
  help: string,
  options: Omit<Common, 'env'> & { complete?: ValueSource; read?: Reader<string> } = {},
): ListFlag<string> {
  const { complete = { kind: 'free' }, read = someText, placeholder = 'value', ...rest } = options;
  return { type: 'list', help, read, complete, placeholder, ...rest };
}

/** --all: true when given, else false; `negatable` adds --no-all, and then not given is undefined. */
export function on<const N extends boolean = false>(
  help: string,
  options: Omit<Common, 'placeholder' | 'env'> & { negatable?: N } = {},
): SwitchFlag & { negatable: N } {
  return { type: 'switch', help, negatable: false as N, ...options };
}

/** --no-stream: true unless given. */
export function off(help: string, options: Omit<Common, 'placeholder' | 'env'> = {}): SwitchFlag & { negative: true } {
  return { type: 'switch', help, negative: true, ...options };
}

type ArgOptions = { complete?: ValueSource; read?: Reader<string>; label?: string };

/** An argument as commander takes it: its reader and completion, anything and free text unless given. */
const arg = <N extends string, R extends boolean, V extends boolean>(
  name: N,
  help: string,
  required: R,
  variadic: V,
  options: ArgOptions,
): Arg<string> & { name: N; required: R; variadic: V } => ({
  name,
  help,
  required,
  variadic,
  read: options.read ?? anyText,
  complete: options.complete ?? { kind: 'free' },
  label: options.label,
});

/** An argument that may be left out ([name]): a terminal then asks, or a default applies. */
export const optionalArg = <const N extends string>(name: N, help: string, options: ArgOptions = {}) =>
  arg(name, help, false, false, options);

/** An argument commander requires (<name>). */
export const requiredArg = <const N extends string>(name: N, help: string, options: ArgOptions = {}) =>
  arg(name, help, true, false, options);

/** Every word left (<name...>, or [name...] when none is needed). */
export const variadicArg = <const N extends string>(
  name: N,
  help: string,
  options: ArgOptions & { required?: boolean } = {},
) => arg(name, help, options.required ?? false, true, options);
