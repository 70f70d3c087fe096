// What the verbs of `agents keys` share. On the legacy service a token is checked by its signature
// and its user only, never against the key table: a deleted key keeps working, and the only
// revocation is rotating the service's JWT secret. Deleting says so.
import { listKeys, type ApiKey } from '../../api/accounts.js';
import type { ApiClient } from '../../api/client.js';
import { matchReference } from '../../references.js';
import { escapeControls } from '../../ui/safe-text.js';

export const STILL_VALID =
  'On the legacy service a deleted key keeps working: tokens are checked by signature and user, never against the key list. Only rotating the service\u2019s JWT secret revokes it.';

/** A key named by its name, an id prefix or its id (one list request). */
export async function resolveKey(client: ApiClient, reference: string): Promise<ApiKey> {
  const keys = await listKeys(client);
  const id = matchReference(
    { noun: 'API key', command: 'agents keys', nameKey: 'name' },
    keys.map((key) => ({ id: key.id, name: key.name })),
    reference,
  );
  return keys.find((key) => key.id === id)!;
}

export const describeKey = (key: ApiKey) => `API key ${escapeControls(key.name)} (${key.displayApiKey})`;
