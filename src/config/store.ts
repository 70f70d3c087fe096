// The user's config: one entry per profile, holding the base URL, the token and
// a few settings. File mode 0600 in a 0700 folder.
import { join } from 'node:path';
import { withFileLock } from './file-lock.js';
import { assertWritable, ensurePrivateDir, jsonObjectWriter } from './json-file.js';
import { corruptFileError, readJsonObject } from './json-read.js';
import { SETTINGS, type Profile } from './setting-specs.js';

export type { Profile };

export interface ConfigData {
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';
const CONFIG_NAME = 'config';

export class ConfigStore {
  readonly file: string;

  constructor(readonly dir: string) {
    this.file = join(dir, `${CONFIG_NAME}.json`);
  }

  read(): ConfigData {
    const raw = readJsonObject(this.file);
    const profiles = raw.profiles ?? {};
    if (typeof profiles !== 'object' || profiles === null || Array.isArray(profiles)) {
      throw corruptFileError(this.file, '"profiles" must be an object');
    }
    const checked: Record<string, Profile> = {};
    for (const [name, value] of Object.entries(profiles)) {
      checked[name] = this.checkProfile(name, value);
    }
    return { ...raw, profiles: checked };
  }

  profile(name: string): Profile {
    const { profiles } = this.read();
    return Object.hasOwn(profiles, name) ? profiles[name]! : {};
  }

  profileNames(): string[] {
    return Object.keys(this.read().profiles);
  }

  /**
   * Changes one profile and writes the whole file atomically. The file is read under the lock,
   * so a change another process made meanwhile is kept, not overwritten.
   */
  async updateProfile(name: string, change: (profile: Profile) => Profile): Promise<Profile> {
    const write = await jsonObjectWriter(this.dir, CONFIG_NAME);
    ensurePrivateDir(this.dir);
    assertWritable(this.file);
    return withFileLock(this.file, async () => {
      const data = this.read();
      const next = dropUndefined(change({ ...(data.profiles[name] ?? {}) }));
      const profiles = { ...data.profiles };
      if (Object.keys(next).length === 0) delete profiles[name];
      else profiles[name] = next;
      await write({ ...data, profiles });
      return next;
    });
  }

  private checkProfile(name: string, value: unknown): Profile {
    const where = `profile "${name}"`;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw corruptFileError(this.file, `${where} must be an object`);
    }
    const p = value as Record<string, unknown>;
    const expect = (key: keyof Profile, type: 'string' | 'number' | 'boolean') => {
      if (p[key] !== undefined && typeof p[key] !== type) {
        throw corruptFileError(this.file, `${where}: "${key}" must be a ${type}`);
      }
    };
    for (const spec of SETTINGS) expect(spec.field, spec.type);
    return p;
  }
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
