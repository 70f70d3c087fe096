// No code from a folder others can write. The cache folder holds code that runs inside the CLI,
// with its token: the program's code cache (bin/code-cache.js, every Node) and Node 22.1+'s compile
// cache. It is used only for a folder the user owns, that no one else can write, reached through no
// link another user owns and no folder others may write, checked on every run; otherwise the CLI
// runs without it and says why (NODE_DEBUG=agents, or --debug). Where the suite runs as root, the
// CLI runs as a second uid (nobody), as on a shared machine.
import * as nodeModule from 'node:module';
import {
  chmodSync,
  chownSync,
  lchownSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startTestServer, type TestServer } from '../helpers/test-server.js';
import { canUseAnotherUsersFolder, cliUid, openTempDir, programForUser, runAsUser } from '../helpers/unprivileged.js';

const execFileAsync = promisify(execFile);
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
      NODE_DEBUG: 'agents',
    },
  });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toBe('agent-1\n');
  return result;
}

/** The CLI's environment with its cache in `cache`, a config folder of its own, and the cache's decisions said. */
const cacheEnv = (cache: string, extra: Record<string, string> = {}) => ({
  AGENTS_CACHE_DIR: cache,
  AGENTS_CONFIG_DIR: usersFolder(openTempDir(), 'config', 0o700),
  NODE_DEBUG: 'agents',
  ...extra,
});

/** The program's code cache files in a folder. */
const codeCaches = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.v8cache'));

describe('the compile cache', () => {
  it(`a folder of the user's own holds the program's code cache${HAS_COMPILE_CACHE ? " and Node's compile cache" : ' (Node before 22.1 has no compile cache)'}`, async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    await createWithCache(cache);
    const files = readdirSync(cache);
    // The program, and undici's part that its request loaded (dist/vendor/undici-parts.cjs).
    expect(codeCaches(cache).sort()).toEqual([
      expect.stringMatching(/^main\.js\.[0-9a-z]+-[0-9a-z]+-[0-9a-z]+\.\d+\.v[\d.]+\.\w+\.create\.v8cache$/),
      expect.stringMatching(/^undici-parts\.cjs\.[0-9a-z]+-[0-9a-z]+-[0-9a-z]+\.\d+\.v[\d.]+\.\w+\.create\.v8cache$/),
    ]);
    expect(files.length - codeCaches(cache).length).toBe(HAS_COMPILE_CACHE ? 1 : 0);
    for (const name of codeCaches(cache)) expect(statSync(join(cache, name)).mode & 0o777).toBe(0o600);
  });

  describe('is off, and NODE_DEBUG=agents says why, for a folder', () => {
    it('that group or others may write', async () => {
      const cache = usersFolder(openTempDir(), 'cache', 0o777);
      const result = await createWithCache(cache);
      expect(result.stderr).toContain(`compile cache off: ${cache} can be written by others (mode 777)`);
      expect(readdirSync(cache)).toEqual([]);
    });

    it('under a folder others may write (it could be swapped for another)', async () => {
      const parent = usersFolder(openTempDir(), 'open', 0o777);
      const cache = usersFolder(parent, 'cache', 0o700);
      const result = await createWithCache(cache);
      expect(result.stderr).toContain(`compile cache off: ${parent} can be written by others (mode 777)`);
      expect(readdirSync(cache)).toEqual([]);
    });

    it.skipIf(!canUseAnotherUsersFolder)('that belongs to another user', async () => {
      const cache = join(openTempDir(), 'cache');
      mkdirSync(cache);
      chmodSync(cache, 0o777); // writable by the CLI's user, so only the owner check stops Node using it
      const result = await createWithCache(cache);
      expect(result.stderr).toContain(`compile cache off: ${cache} belongs to another user (uid 0)`);
      expect(readdirSync(cache)).toEqual([]);
    });

    it.skipIf(!canUseAnotherUsersFolder)('reached through a link that another user owns', async () => {
      const target = usersFolder(openTempDir(), 'cache', 0o700);
      const link = join(openTempDir(), 'link');
      symlinkSync(target, link);
      lchownSync(link, ANOTHER_USER, ANOTHER_USER); // its owner could point it elsewhere at any time
      const result = await createWithCache(link);
      expect(result.stderr).toContain(
        `compile cache off: ${link} is a link owned by another user (uid ${ANOTHER_USER})`,
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

describe("the program's code cache", () => {
  /** This build's name of dist/main.js's caches (the CLI's, on this Node): the file's identity on disk. */
  const buildName = () => {
    const { dev, ino, ctimeNs, size } = statSync(programForUser(), { bigint: true });
    const identity = [dev, ino, ctimeNs].map((n) => n.toString(36)).join('-');
    return `main.js.${identity}.${size}.${process.version}.${process.arch}`;
  };
  const cacheName = (command = 'create') => `${buildName()}.${command}.v8cache`;

  it('is written by the first run and used by the next, which writes nothing (the flags the run changed are put back first)', async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    const first = await createWithCache(cache);
    expect(first.stderr).toContain(`code cache absent: ${join(cache, cacheName())}`);
    expect(first.stderr).toContain(`code cache written: ${join(cache, cacheName())}`);
    // create makes a request, which sets --liftoff-only (src/tuning.ts): a cache stamped with it
    // would be rejected by every later start, and written again.
    for (const _run of [1, 2]) {
      const next = await createWithCache(cache);
      expect(next.stderr).toContain(`code cache used: ${join(cache, cacheName())}`);
      expect(next.stderr).not.toContain('code cache written');
    }
  });

  it("is one per command: a command's cache does not grow with the others the user runs", async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    await createWithCache(cache);
    const created = readFileSync(join(cache, cacheName()));
    const env = { AGENTS_CACHE_DIR: cache, AGENTS_CONFIG_DIR: usersFolder(openTempDir(), 'config', 0o700) };
    for (const args of [
      ['config', 'list'],
      ['models', '--json'],
      ['whoami', '--base-url', 'http://127.0.0.1:9'],
    ])
      await runAsUser(args, { env });
    expect(
      codeCaches(cache)
        .filter((name) => name.startsWith('main.js.'))
        .sort(),
    ).toEqual(['config', 'create', 'models', 'whoami'].map((command) => cacheName(command)));
    expect(readFileSync(join(cache, cacheName())).equals(created)).toBe(true);
    expect((await createWithCache(cache)).stderr).toContain(`code cache used: ${join(cache, cacheName())}`);
  });

  it('keeps the 16 commands written last: the oldest goes when a 17th is written', async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    const planted = Array.from({ length: 16 }, (_, n) => cacheName(`old-${n}`));
    planted.forEach((name, n) => {
      writeFileSync(join(cache, name), 'planted');
      chownSync(join(cache, name), cliUid, cliUid);
      utimesSync(join(cache, name), 1_000_000 + n, 1_000_000 + n); // old-0 is the oldest
    });
    await createWithCache(cache);
    const kept = codeCaches(cache).filter((name) => name.startsWith('main.js.'));
    expect(kept).toHaveLength(16);
    expect(kept).toContain(cacheName());
    expect(kept).not.toContain(cacheName('old-0'));
    expect(kept).toContain(cacheName('old-1'));
  });

  it("is written by a command's first run, and used by its next, which writes nothing", async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    const env = cacheEnv(cache);
    const first = await runAsUser(['config', 'list'], { env });
    expect(first.stderr).toContain(`code cache absent: ${join(cache, cacheName('config'))}`);
    expect(first.stderr).toContain(`code cache written: ${join(cache, cacheName('config'))}`);
    const next = await runAsUser(['config', 'list'], { env });
    expect(next.stderr).toContain(`code cache used: ${join(cache, cacheName('config'))}`);
    expect(next.stderr).not.toContain('code cache written');
  });

  it("undici's cache written by a run whose program cache needed no write is stamped with the start's flags too", async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    const env = cacheEnv(cache);
    // create without its flags stops before any request: the program's cache has seen create,
    // undici's parts were never loaded.
    expect((await runAsUser(['create', '-q', '--no-input'], { env })).code).toBe(2);
    const first = await createWithCache(cache);
    expect(first.stderr).toMatch(/code cache used: \S+main\.js\./);
    expect(first.stderr).toMatch(/code cache written: \S+undici-parts\.cjs\./);
    const next = await createWithCache(cache);
    expect(next.stderr).toMatch(/code cache used: \S+undici-parts\.cjs\./);
    expect(next.stderr).not.toContain('code cache written');
  });

  it('a file required after a flag changed (the MCP server, after the first request) is read with the flags it was written with', async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    const env = cacheEnv(cache, { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'tok_cache_1234' });
    const input = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ]
      .map((message) => JSON.stringify(message) + '\n')
      .join('');
    const first = await runAsUser(['mcp', 'serve'], { env, input });
    expect(first.stderr).toMatch(/code cache written: \S+mcp\.cjs\./);
    const next = await runAsUser(['mcp', 'serve'], { env, input });
    expect(next.stderr).toMatch(/code cache used: \S+mcp\.cjs\./);
    expect(next.stderr).not.toContain('code cache written');
  });

  it('names no flag value in the file it writes: a URL with its password stays out of it', async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    const env = cacheEnv(cache);
    const listed = await runAsUser(['--base-url', 'http://me:pw-in-the-url-123@127.0.0.1:9', 'config', 'list'], {
      env,
    });
    expect(listed.stderr).toContain('code cache written');
    expect(codeCaches(cache)).toContain(cacheName('-')); // the first word was the flag's value: no command's name
    for (const name of codeCaches(cache)) {
      expect(name).not.toContain('pw-in-the-url-123');
      expect(readFileSync(join(cache, name)).includes('pw-in-the-url-123')).toBe(false);
    }
  });

  it('made from other bytes under its name is rejected by V8 and written again, never run', async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    const planted = join(cache, cacheName());
    writeFileSync(planted, Buffer.alloc(4096, 7));
    chownSync(planted, cliUid, cliUid);
    const result = await createWithCache(cache);
    expect(result.stderr).toContain(`code cache rejected: ${planted}`);
    expect(result.stderr).toContain(`code cache written: ${planted}`);
    expect((await createWithCache(cache)).stderr).toContain(`code cache used: ${planted}`);
  });

  it("of another build or Node is never read, and is removed when this one's is written", async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    const other = join(cache, 'main.js.0.1.v0.0.0.x64.v8cache');
    writeFileSync(other, 'not ours');
    chownSync(other, cliUid, cliUid);
    const result = await createWithCache(cache);
    expect(result.stderr).toContain(`code cache absent: ${join(cache, cacheName())}`);
    expect(codeCaches(cache)).toContain(cacheName());
    expect(codeCaches(cache)).not.toContain('main.js.0.1.v0.0.0.x64.v8cache');
  });

  it('planted in a folder others can write is never read', async () => {
    // A good cache, made by the CLI itself, then put where others can write.
    const good = usersFolder(openTempDir(), 'cache', 0o700);
    await createWithCache(good);
    chmodSync(good, 0o777);
    const result = await createWithCache(good);
    expect(result.stderr).toContain(`compile cache off: ${good} can be written by others (mode 777)`);
    expect(result.stderr).toContain('code cache off');
    expect(result.stderr).not.toContain('code cache used');
  });

  it('of a file changed in place, even to the same length, is never used for the new bytes', async () => {
    const dir = openTempDir();
    const program = join(dir, 'program.cjs');
    const cache = join(dir, 'cache');
    mkdirSync(cache, { mode: 0o700 });
    const loader = fileURLToPath(new URL('../../bin/code-cache.js', import.meta.url));
    const run = async () => {
      const script = `const say = (line) => process.stderr.write(line + '\\n');
        process.stdout.write(require(${JSON.stringify(loader)}).requireWithCodeCache(${JSON.stringify(program)}, ${JSON.stringify(cache)}, { command: 'x', say }).answer());`;
      const child = await execFileAsync(process.execPath, ['-e', script], { encoding: 'utf8' });
      return { answer: child.stdout, said: child.stderr };
    };
    writeFileSync(program, "module.exports = { answer: () => 'first' };");
    expect((await run()).said).toContain('code cache written');
    expect(await run()).toEqual({ answer: 'first', said: expect.stringContaining('code cache used') });
    writeFileSync(program, "module.exports = { answer: () => 'other' };");
    const changed = await run();
    expect(changed).toEqual({ answer: 'other', said: expect.stringContaining('code cache absent') });
    expect(codeCaches(cache)).toHaveLength(1); // the old file's cache went when the new one was written
  });

  it('is not used under --debug, whose stack traces need the source maps, and says so', async () => {
    const cache = usersFolder(openTempDir(), 'cache', 0o700);
    const result = await createWithCache(cache, '--debug');
    expect(result.stderr).toContain('debug: code cache not used under --debug');
    expect(codeCaches(cache)).toEqual([]);
  });
});
