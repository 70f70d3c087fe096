// A descriptor's fields as commander options: one flag per field (booleans get --no-), a secret
// only as --<name>-stdin (never a flag value). Syntax only: meaning is checked in fields.ts.
import { Option, type Command } from 'commander';
import type { FieldSpec, ResourceDescriptor } from './descriptor.js';

/** The commander attribute name of a flag: "vector-db-id" → "vectorDbId". */
export const attributeOf = (flag: string) => flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

export function fieldOptions(field: FieldSpec): Option[] {
  if (field.secret) {
    return [
      new Option(
        `--${field.secret.stdinFlag}`,
        `read ${field.description} from standard input (or set ${field.secret.env})`,
      ),
    ];
  }
  switch (field.type) {
    case 'boolean':
      return [
        new Option(`--${field.flag}`, field.description),
        new Option(`--no-${field.flag}`, `the opposite of --${field.flag}`),
      ];
    case 'enum':
      return [new Option(`--${field.flag} <value>`, field.description).choices(field.choices ?? [])];
    case 'json-object':
      return [new Option(`--${field.flag} <json>`, field.description)];
    case 'text':
      return [new Option(`--${field.flag} <text>`, field.description)];
  }
}

/** Update keeps the flags of fields it refuses, hidden, so that it can say why it refuses them. */
export function addFieldOptions(command: Command, resource: ResourceDescriptor, verb: 'create' | 'update'): Command {
  for (const field of resource.fields) {
    const hidden = verb === 'update' && resource.patchRefuses.includes(field.key);
    for (const option of fieldOptions(field)) command.addOption(hidden ? option.hideHelp() : option);
  }
  return command;
}
