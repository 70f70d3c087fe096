// The emulator's users and API keys (legacy-service.md §4, OpenAPI `api-users` and `api-keys`). A token is
// a user's own (from POST /api-users) or a minted key; on the legacy service a token is checked by
// its signature and its user only, never against the key table, so a deleted key keeps working
// here too. The emulator's built-in token belongs to the seeded user.
import { randomBytes, randomUUID } from 'node:crypto';
import { pythonTimestamp, SEED_API_USER_ID } from './seed.js';

export interface UserRow {
  id: string;
  email: string | null;
  token: string;
  createdAt: string;
  updatedAt: string;
}

export interface KeyRow {
  id: string;
  name: string;
  displayApiKey: string;
  createdAt: string;
  updatedAt: string;
  apiUserId: string;
}

export class Accounts {
  readonly users = new Map<string, UserRow>();
  readonly keys = new Map<string, KeyRow>();
  private readonly userOfToken = new Map<string, string>();

  constructor(seededToken: string) {
    const now = pythonTimestamp(new Date(Date.UTC(2024, 4, 20, 10, 0)));
    this.addUser({
      id: SEED_API_USER_ID,
      email: 'emulator@localhost',
      token: seededToken,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** The user a bearer token belongs to, or undefined for a token the service cannot read. */
  userOf(token: string): string | undefined {
    return this.userOfToken.get(token);
  }

  createUser(email: string): UserRow {
    const now = pythonTimestamp();
    return this.addUser({
      id: randomUUID(),
      email,
      token: `emu_user_${randomBytes(16).toString('hex')}`,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** A new key: the record as listed, and the key itself, shown this once. */
  createKey(apiUserId: string, name: string): { row: KeyRow; apiKey: string } {
    const apiKey = `emu_key_${randomBytes(20).toString('hex')}`;
    const now = pythonTimestamp();
    const row: KeyRow = {
      id: randomUUID(),
      name,
      displayApiKey: `${apiKey.slice(0, 3)}****${apiKey.slice(-4)}`,
      createdAt: now,
      updatedAt: now,
      apiUserId,
    };
    this.keys.set(row.id, row);
    this.userOfToken.set(apiKey, apiUserId);
    return { row, apiKey };
  }

  keysOf(apiUserId: string): KeyRow[] {
    return [...this.keys.values()].filter((key) => key.apiUserId === apiUserId).reverse();
  }

  private addUser(user: UserRow): UserRow {
    this.users.set(user.id, user);
    this.userOfToken.set(user.token, user.id);
    return user;
  }
}
