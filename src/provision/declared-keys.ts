// The keys a stack file refers to by variable: an LLM's `apiKeyEnv`, and in a tool's or datasource's
// metadata a `<secret>Env` entry beside where the secret goes (`bingSearchApiKeyEnv: AGENTS_KEY_BING`,
// as export writes it). Each is read, under the rule of key-variables.ts, before any request.
import type { ResourceDescriptor } from '../resources/descriptor.js';
import { isSecretKey } from '../secrets/redact.js';
import { KEY_VARIABLE_PREFIX, readKeyVariable, type KeyVariables } from './key-variables.js';
import type { DesiredResource } from './schema.js';

export interface DeclaredKeys {
  /** The declared resource with each metadata reference replaced by the key it names. */
  resource: DesiredResource;
  /** Secret fields (an LLM's apiKey) and their keys. */
  secrets: Record<string, string>;
  /** A refused or unset variable, by where in the entry it is named (for the file's line). */
  problems: Array<{ path: string[]; problem: string }>;
}

const REFERENCE_SUFFIX = 'Env';

/**
 * The metadata key a `…Env` entry stands for: when that key names a secret, or when the entry names
 * an AGENTS_KEY_ variable (export writes one for a credential under any key, `dsnEnv`). Any other
 * `…Env` entry (`targetEnv: production`) is ordinary metadata.
 */
function referencedKey(key: string, value: unknown): string | undefined {
  if (!key.endsWith(REFERENCE_SUFFIX) || typeof value !== 'string') return undefined;
  const base = key.slice(0, -REFERENCE_SUFFIX.length);
  if (!base) return undefined;
  return isSecretKey(base) || value.startsWith(KEY_VARIABLE_PREFIX) ? base : undefined;
}

export function readDeclaredKeys(
  resource: ResourceDescriptor,
  declared: DesiredResource,
  variables: KeyVariables,
): DeclaredKeys {
  const problems: DeclaredKeys['problems'] = [];
  const secrets: Record<string, string> = {};
  const read = (path: string[], name: string): string | undefined => {
    const result = readKeyVariable(name, variables);
    if ('problem' in result) problems.push({ path, problem: result.problem });
    return 'value' in result ? result.value : undefined;
  };
  for (const field of resource.fields) {
    const name = field.secret ? declared[`${field.key}Env`] : undefined;
    if (typeof name === 'string') {
      const value = read([`${field.key}Env`], name);
      if (value !== undefined) secrets[field.key] = value;
    }
  }
  // Each reference is read where it stands, in nested objects too (`headers: {AuthorizationEnv: …}`).
  const withReferencesRead = (object: unknown, path: string[]): unknown => {
    if (!object || typeof object !== 'object' || Array.isArray(object)) return object;
    const entries = Object.entries(object as Record<string, unknown>).map(([key, value]): [string, unknown] => {
      const secretKey = referencedKey(key, value);
      if (secretKey === undefined) return [key, withReferencesRead(value, [...path, key])];
      return [secretKey, read([...path, key], value as string) ?? ''];
    });
    return Object.fromEntries(entries);
  };
  const withKeys: DesiredResource = { ...declared };
  for (const field of resource.fields.filter((f) => f.type === 'json-object')) {
    const object = declared[field.key];
    if (object && typeof object === 'object' && !Array.isArray(object))
      withKeys[field.key] = withReferencesRead(object, [field.key]);
  }
  return { resource: withKeys, secrets, problems };
}
