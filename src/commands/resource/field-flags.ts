// A kind's fields as the flags of its create and update, from its descriptor: one flag per field
// (a switch with its --no- form for a boolean), a secret only as --<name>-stdin, never a value on
// the command line. Each flag passes its text on as given: what a field accepts is checked once,
// by the descriptor's schema, with the file's fields and the prompts' answers (fields.ts).
import type { FieldSpec, ResourceDescriptor } from '../../resources/descriptor.js';
import { anyText } from '../../util/readers.js';
import { inputPath, on } from '../../definition/flags.js';
import type { Flag, Flags, ValueSource } from '../../definition/define.js';

/** The flag key of a field: its flag in camelCase, as commander names it ("vector-db-id" → vectorDbId). */
export const keyOf = (flag: string) => flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function completion(field: FieldSpec): ValueSource {
  const choices = field.choices ?? field.suggestions;
  return choices ? { kind: 'choices', choices } : { kind: 'free' };
}

function fieldFlag(field: FieldSpec, hidden: boolean): [string, Flag] {
  if (field.secret)
    return [
      keyOf(field.secret.stdinFlag),
      on(`read ${field.description} from standard input (or set ${field.secret.env})`, { hidden }),
    ];
  if (field.type === 'boolean') return [keyOf(field.flag), on(field.description, { negatable: true, hidden })];
  const placeholder = field.type === 'json-object' ? 'json' : field.type === 'enum' ? 'value' : 'text';
  return [
    keyOf(field.flag),
    { type: 'value', help: field.description, placeholder, read: anyText, complete: completion(field), hidden },
  ];
}

/**
 * create's and update's flags: --file, then one per field. update keeps the flags of the fields the
 * service cannot change, hidden, so that it refuses them with the reason.
 */
export function fieldFlags(resource: ResourceDescriptor, verb: 'create' | 'update'): Flags {
  const fields = resource.fields.map((field) =>
    fieldFlag(field, verb === 'update' && resource.patchRefuses.includes(field.key)),
  );
  return {
    file: inputPath(`read the fields from a JSON or YAML file (- for stdin); flags override it`, { short: '-f' }),
    ...Object.fromEntries(fields),
  };
}
