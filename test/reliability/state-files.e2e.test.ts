// Config and state files survive failures: an interrupted write keeps the old file, a corrupt
// file is named and left alone.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileSync as atomicWrite } from '../../src/io/write-file.js';
import { assertBuilt, BIN } from '../helpers/binary.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';
import { sendJson, startTestServer } from '../helpers/test-server.js';

describe('an interrupted write', () => {
  it('past the file-size limit (as on a full disk) leaves the old config intact, exit 8 (could not write the output)', async () => {
    assertBuilt();
    const dir = tempConfigDir();
    expect((await runCli(['config', 'set', 'timeout', '7'], { configDir: dir })).code).toBe(0);
    const before = readFileSync(join(dir, 'config.json'), 'utf8');
    const longUrl = `https://x.example.com/${'a'.repeat(4000)}`;
    // ulimit -f 1 caps writes at 512 bytes: the new file cannot be written whole.
    const result = spawnSync(
      'bash',
      ['-c', `ulimit -f 1; exec "${process.execPath}" "${BIN}" config set base-url "${longUrl}"`],
      {
        env: { PATH: process.env.PATH, AGENTS_CONFIG_DIR: dir },
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(8);
    expect(result.stderr).toContain('could not write');
    expect(result.stderr).toContain('previous file was left as it was');
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
    expect(readdirSync(dir)).toEqual(['config.json']); // no temp file left behind
  });

  it('the atomic writer never leaves a partial file in place of the old one', () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'f.json');
    atomicWrite(file, '{"old": true}');
    expect(() => atomicWrite(join(dir, 'missing-dir', 'f.json'), 'x')).toThrow();
    atomicWrite(file, '{"new": true}', { mode: 0o600 });
    expect(readFileSync(file, 'utf8')).toBe('{"new": true}');
    expect(readdirSync(dir)).toEqual(['f.json']);
  });
});

describe('a corrupt config file (state.json, a cache, is started afresh: test/failures/config-modes)', () => {
  it('is named in a clear error and not replaced', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), '{"profiles": {"default": ');
    const result = await runCli(['config', 'set', 'timeout', '9'], { configDir: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${join(dir, 'config.json')} is not valid`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe('{"profiles": {"default": ');
  });
});

describe('a config folder that cannot be used (here: its path runs through a file)', () => {
  const unusable = () => {
    const parent = tempConfigDir();
    mkdirSync(parent, { recursive: true });
    writeFileSync(join(parent, 'not-a-folder'), '');
    return join(parent, 'not-a-folder', 'config');
  };

  it('config set exits 2 naming the folder, not an unexpected failure', async () => {
    const dir = unusable();
    const result = await runCli(['config', 'set', 'timeout', '9'], { configDir: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: cannot use the config folder ${dir}: ENOTDIR\nMake it yours and writable, or point AGENTS_CONFIG_DIR at another folder.\n`,
    );
  });
});

describe('a state.json that cannot be written (here: a folder stands in its place)', () => {
  it("create still prints the new agent's id, exit 0: local state is only bookkeeping", async () => {
    const created = { id: '0b6f9f2e-3c1d-4b8e-9a51-7d2f1c0e4a11', name: 'x', description: 'd', llmModel: 'GPT_4' };
    const server = await startTestServer((_req, res) => sendJson(res, 200, { success: true, data: created }));
    try {
      const dir = tempConfigDir();
      mkdirSync(join(dir, 'state.json'), { recursive: true });
      const result = await runCli(['create', '-q', '--name', 'x', '--description', 'd', '--llm-model', 'GPT_4'], {
        configDir: dir,
        env: { AGENTS_BASE_URL: server.url, AGENTS_TOKEN: 'tok_state_0123456789' },
      });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`${created.id}\n`);
      expect(result.stderr).toMatch(
        new RegExp(
          `^warning: cannot read ${join(dir, 'state.json')}: EISDIR[^\\n]*; local state not updated \\(the result above is not affected\\)\\n$`,
        ),
      );
    } finally {
      await server.close();
    }
  });
});
