// `create --if-missing`: a create that can be re-run (scripts, docs read twice). A record is
// "there" when one has the same name (an LLM, which has none, the same provider); two such
// records leave nothing to choose, so that is an error rather than a guess.
import { CliError } from '../errors.js';
import type { FieldSpec, ResourceDescriptor } from './descriptor.js';
import { sameValue } from './same-value.js';

/** The one record named `name`, undefined when none is; two or more is exit 2 listing them. */
export function existingByName<T extends { id: string }>(
  records: T[],
  nameOf: (record: T) => unknown,
  name: unknown,
  noun: string,
): T | undefined {
  const same = records.filter((record) => nameOf(record) === name);
  if (same.length <= 1) return same[0];
  throw new CliError(
    'usage',
    `${same.length} ${noun}s are already named ${JSON.stringify(name)}: --if-missing cannot tell which is meant`,
    {
      details: same.map((record) => record.id),
      hint: 'Use one of them by id, or delete the extra ones.',
    },
  );
}

/**
 * The fields given that the record there holds another value of: what a re-run script changed
 * and --if-missing did not apply. Secrets, and fields the service does not return (an agent's
 * provider), cannot be compared and are left out.
 */
export function driftedFields(
  resource: ResourceDescriptor,
  given: Record<string, unknown>,
  existing: Record<string, unknown>,
): FieldSpec[] {
  return resource.fields.filter(
    (field) =>
      !field.secret &&
      given[field.key] !== undefined &&
      field.key in existing &&
      !sameValue(given[field.key], existing[field.key]),
  );
}
