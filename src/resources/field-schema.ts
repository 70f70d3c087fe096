// What a descriptor's field accepts, as a zod schema: read by flags and files (fields.ts), the
// prompts (prompts/field-prompt.ts) and the apply format (provision/schema.ts).
import * as z from 'zod/mini';
import type { FieldSpec, ResourceDescriptor } from './descriptor.js';

/** "is required" only when the field is absent; a value of the wrong type says what it must be. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : message;

/** A file's 123 or true where text belongs (a name, an id prefix): say how to make it text. */
export function textError(message: string) {
  return (issue: { input?: unknown }) => {
    const { input } = issue;
    if (typeof input === 'number' || typeof input === 'boolean')
      return `${message}; the file has the ${typeof input} ${String(input)}: put it in quotes`;
    return requiredOr(message)(issue);
  };
}

export function fieldSchema(field: FieldSpec) {
  switch (field.type) {
    case 'boolean':
      return z.boolean({ error: requiredOr('must be true or false') });
    case 'enum':
      return z.enum(field.choices as [string, ...string[]], {
        error: requiredOr(`must be one of ${field.choices!.join(', ')}`),
      });
    case 'json-object':
      return z.record(z.string(), z.unknown(), { error: requiredOr('must be a JSON object') });
    case 'text': {
      const text = z.string({ error: textError('must be a string') });
      return field.blankable ? text : text.check(z.trim(), z.minLength(1, 'must not be empty'));
    }
  }
}

export function fieldsSchema(resource: ResourceDescriptor) {
  return z.strictObject(
    Object.fromEntries(resource.fields.map((field) => [field.key, z.optional(fieldSchema(field))])),
  );
}
