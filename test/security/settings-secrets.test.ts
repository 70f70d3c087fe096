// Every secret in a tool's settings is treated as apiKey is (docs/security.md, rule 4): headers,
// cookies, passwords in URLs and connection strings, at any depth, are hidden in every view, --json,
// --debug and `agents api`; --show-secrets shows them; export writes each as an …Env reference that
// apply reads back, and a missing variable stops apply before anything is written.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';

const running = useEmulatorEnv();

const SECRETS = {
  authorization: 'Bearer header-secret-0001',
  cookie: 'sid=cookie-secret-0002',
  urlPassword: 'url-secret-0003',
  dsnPassword: 'dsn-secret-0004',
  pwd: 'pwd-secret-0005',
};
const metadata = {
  url: `https://bot:${SECRETS.urlPassword}@hooks.example/x`,
  headers: { Authorization: SECRETS.authorization, Accept: 'application/json' },
  cookie: SECRETS.cookie,
  database: { dsn: `postgres://app:${SECRETS.dsnPassword}@db.example/agents`, pwd: SECRETS.pwd, pool: 4 },
  region: 'eu-west',
};
const leaks = (text: string) => Object.values(SECRETS).filter((secret) => text.includes(secret));

describe('secrets in tool settings', () => {
  it('are hidden in get, list, --json, --debug and agents api; --show-secrets shows them; export writes references apply reads back', async () => {
    const env = running.env;
    const created = await runCli(
      ['tools', 'create', '-q', '--name', 'hooks', '--type', 'HTTP', '--metadata', JSON.stringify(metadata)],
      { env },
    );
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();

    for (const argv of [
      ['tools', 'get', id],
      ['tools', 'get', id, '--json'],
      ['tools', 'list', '--json'],
      ['tools', 'get', id, '--debug'],
      ['api', `tools/${id}`],
      ['api', 'tools'],
    ]) {
      const shown = await runCli(argv, { env });
      expect(shown.code, `${argv.join(' ')}: ${shown.stderr}`).toBe(0);
      expect(leaks(shown.stdout + shown.stderr), argv.join(' ')).toEqual([]);
      expect(shown.stdout, argv.join(' ')).toContain('eu-west'); // the rest stays
    }
    const revealed = await runCli(['tools', 'get', id, '--json', '--show-secrets'], { env });
    expect(leaks(revealed.stdout).sort()).toEqual(Object.values(SECRETS).sort());

    const exported = await runCli(['export', '--all'], { env });
    expect(exported.code, exported.stderr).toBe(0);
    expect(leaks(exported.stdout)).toEqual([]);
    for (const line of [
      'urlEnv: AGENTS_KEY_HOOKS_URL',
      'AuthorizationEnv: AGENTS_KEY_HOOKS_HEADERS_AUTHORIZATION',
      'cookieEnv: AGENTS_KEY_HOOKS_COOKIE',
      'dsnEnv: AGENTS_KEY_HOOKS_DATABASE_DSN',
      'pwdEnv: AGENTS_KEY_HOOKS_DATABASE_PWD',
      'Accept: application/json',
    ])
      expect(exported.stdout).toContain(line);

    const dir = mkdtempSync(join(tmpdir(), 'agents-settings-'));
    const file = join(dir, 'stack.yaml');
    writeFileSync(file, exported.stdout);
    // Without the variables: exit 2 naming one, and nothing written (never a placeholder sent).
    const writesBefore = running.emulator.requests.filter((r) => r.method !== 'GET').length;
    const missing = await runCli(['apply', '-f', file], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('AGENTS_KEY_HOOKS_HEADERS_AUTHORIZATION is not set');
    expect(running.emulator.requests.filter((r) => r.method !== 'GET').length).toBe(writesBefore);
    // With them: the stack is what the service holds, nothing to change.
    const variables = {
      AGENTS_KEY_HOOKS_URL: metadata.url,
      AGENTS_KEY_HOOKS_HEADERS_AUTHORIZATION: SECRETS.authorization,
      AGENTS_KEY_HOOKS_COOKIE: SECRETS.cookie,
      AGENTS_KEY_HOOKS_DATABASE_DSN: metadata.database.dsn,
      AGENTS_KEY_HOOKS_DATABASE_PWD: SECRETS.pwd,
    };
    const diff = await runCli(['diff', '-f', file], { env: { ...env, ...variables } });
    expect(diff.stdout).toMatch(/^Plan: 0 to create, 0 to update/);
    // A changed header shows as a change, never as the value.
    const changed = await runCli(['diff', '-f', file], {
      env: { ...env, ...variables, AGENTS_KEY_HOOKS_HEADERS_AUTHORIZATION: 'Bearer header-secret-9999' },
    });
    expect(changed.code).toBe(1);
    expect(leaks(changed.stdout + changed.stderr)).toEqual([]);
    expect(changed.stdout + changed.stderr).not.toContain('header-secret-9999');
  });

  it('an …Env entry that names neither a secret nor an AGENTS_KEY_ variable is ordinary metadata', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-settings-'));
    const file = join(dir, 'stack.yaml');
    writeFileSync(file, 'tools:\n  - name: staged\n    type: HTTP\n    metadata:\n      targetEnv: production\n');
    const applied = await runCli(['apply', '-f', file], { env: running.env });
    expect(applied.code, applied.stderr).toBe(0);
    const shown = await runCli(['tools', 'get', 'staged', '--json'], { env: running.env });
    expect(shown.stdout).toMatch(/targetEnv\\?": ?\\?"production/);
  });
});
