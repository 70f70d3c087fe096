// No code from a folder others can write. Node 22.1+'s compile cache holds code that runs
// inside the CLI, with its token: it is turned on only for a folder the user owns, that no one else
// can write, reached through no link another user owns and no folder others may write, checked on
// every run; otherwise the CLI runs without it and --debug says why. Node 20 gets no cache at all.
// Where the suite runs as root, the CLI runs as a second uid (nobody), as on a shared machine.
import * as nodeModule from 'node:module';
import { chmodSync, chownSync, lchownSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';
import { canUseAnotherUsersFolder, cliUid, openTempDir, runAsUser } from '../helpers/unprivileged.js';

const HAS_COMPILE_CACHE = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';
/** A uid that is neither root nor the CLI's user. */
const ANOTHER_USER = 4242;
const CREATE = ['create', '-q', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_4'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_req, res) => sendJson(res, 200, { success: true, data: { id: 'agent-1' } }));
});
afterAll(() => server.close());

/** A folder of the CLI's user (nobody, when the suite is root), with the mode given. */
function usersFolder(parent: string, name: string, mode: number): string {
  const dir = join(parent, name);
  mkdirSync(dir);
  chownSync(dir, cliUid, cliUid);
  chmodSync(dir, mode);
  return dir;
}

/** `create -q` as the CLI's user, with its config in a folder of its own and the cache where told. */
async function createWithCache(cache: string, ...extra: string[]) {
  const config = usersFolder(openTempDir(), 'config', 0o700);
  const result = await runAsUser([...CREATE, ...extra], {
    env: {
      AGENTS_CACHE_DIR: cache,
      AGENTS_CONFIG_DIR: config,
      AGENTS_BASE_URL: server.url,
      AGENTS_TOKEN: 'tok_cache_1234',
    },
  });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toBe('agent-1\n');
  return result;
}

describe('the compile cache', () => {
  it(`a folder of the user's own holds ${HAS_COMPILE_CACHE ? "Node's compile cache" : 'nothing: Node before 22.1 gets no cache'}`, async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    await createWithCache(cache);
    const files = readdirSync(cache);
    if (HAS_COMPILE_CACHE) expect(files.length).toBeGreaterThan(0);
    else expect(files).toEqual([]);
    expect(files.filter((name) => name.endsWith('.code'))).toEqual([]); // no cache of our own making
  });

  describe.skipIf(!HAS_COMPILE_CACHE)('is off, and --debug says why, for a folder', () => {
    it('that group or others may write', async () => {
      const cache = usersFolder(openTempDir(), 'cache', 0o777);
      const result = await createWithCache(cache, '--debug');
      expect(result.stderr).toContain(`debug: compile cache off: ${cache} can be written by others (mode 777)`);
      expect(readdirSync(cache)).toEqual([]);
    });

    it('under a folder others may write (it could be swapped for another)', async () => {
      const parent = usersFolder(openTempDir(), 'open', 0o777);
      const cache = usersFolder(parent, 'cache', 0o700);
      const result = await createWithCache(cache, '--debug');
      expect(result.stderr).toContain(`debug: compile cache off: ${parent} can be written by others (mode 777)`);
      expect(readdirSync(cache)).toEqual([]);
    });

    it.skipIf(!canUseAnotherUsersFolder)('that belongs to another user', async () => {
      const cache = join(openTempDir(), 'cache');
      mkdirSync(cache);
      chmodSync(cache, 0o777); // writable by the CLI's user, so only the owner check stops Node using it
      const result = await createWithCache(cache, '--debug');
      expect(result.stderr).toContain(`debug: compile cache off: ${cache} belongs to another user (uid 0)`);
      expect(readdirSync(cache)).toEqual([]);
    });

    it.skipIf(!canUseAnotherUsersFolder)('reached through a link that another user owns', async () => {
      const target = usersFolder(openTempDir(), 'cache', 0o700);
      const link = join(openTempDir(), 'link');
      symlinkSync(target, link);
      lchownSync(link, ANOTHER_USER, ANOTHER_USER); // its owner could point it elsewhere at any time
      const result = await createWithCache(link, '--debug');
      expect(result.stderr).toContain(
        `debug: compile cache off: ${link} is a link owned by another user (uid ${ANOTHER_USER})`,
      );
      expect(readdirSync(target)).toEqual([]);
    });

    it('but a link of the user’s own to a trusted folder is followed', async () => {
      const target = usersFolder(openTempDir(), 'cache', 0o700);
      const parent = usersFolder(openTempDir(), 'links', 0o700);
      const link = join(parent, 'cache');
      symlinkSync(target, link);
      lchownSync(link, cliUid, cliUid);
      await createWithCache(link);
      expect(readdirSync(target).length).toBeGreaterThan(0);
    });
  });
});
