// The account routes (legacy-service.md §4; OpenAPI `api-users`, `api-keys`): users, the caller, keys.
import type { ApiClient } from './client.js';

export interface ApiUser {
  id: string;
  email?: string | null;
  /** The user's token: returned by signup and by /me; never shown. */
  token?: string;
  createdAt?: string;
  updatedAt?: string;
}

export interface ApiKey {
  id: string;
  name: string;
  displayApiKey: string;
  createdAt?: string;
  updatedAt?: string;
  apiUserId?: string;
  /** The key itself: in create's answer only. */
  apiKey?: string;
}

export async function createUser(client: ApiClient, email: string): Promise<ApiUser> {
  return (await client.json('POST', ['api-users'], { body: { email }, once: true })).data as ApiUser;
}

export async function getMe(client: ApiClient): Promise<ApiUser> {
  return (await client.json('GET', ['api-users', 'me'])).data as ApiUser;
}

export async function listKeys(client: ApiClient): Promise<ApiKey[]> {
  const data = (await client.json('GET', ['api-keys'])).data;
  return Array.isArray(data) ? (data as ApiKey[]) : [];
}

export async function createKey(client: ApiClient, name: string): Promise<ApiKey> {
  return (await client.json('POST', ['api-keys'], { body: { name }, once: true })).data as ApiKey;
}

export async function deleteKey(client: ApiClient, id: string): Promise<ApiKey | undefined> {
  return (await client.json('DELETE', ['api-keys', id])).data as ApiKey | undefined;
}

export async function renameKey(client: ApiClient, id: string, name: string): Promise<ApiKey> {
  return (await client.json('PATCH', ['api-keys', id], { body: { name } })).data as ApiKey;
}
