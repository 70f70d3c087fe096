// docs/json/README.md maps every command to the schema of its --json document, and a
// real validator holds each command's real output to it, success and failure alike.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSqlite } from '../../src/logs/sqlite.js';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startEmulator } from '../../src/emulator/server.js';
import { BIN } from '../helpers/binary.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';
import { runnableCommands } from '../helpers/program-commands.js';
import { limit } from '../helpers/limits.js';

const DIR = fileURLToPath(new URL('../../docs/json/', import.meta.url));
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
for (const file of readdirSync(DIR).filter((name) => name.endsWith('.schema.json')))
  ajv.addSchema(JSON.parse(readFileSync(join(DIR, file), 'utf8')));

/** `command` → schema file, or null for "none", from the README's table. */
const MAP = new Map(
  [...readFileSync(join(DIR, 'README.md'), 'utf8').matchAll(/^\| `([a-z -]+)` \| (.*) \|$/gm)].map((m) => [
    m[1]!,
    /^\[([\w-]+\.schema\.json)\]/.exec(m[2]!)?.[1] ?? null,
  ]),
);

function expectValid(command: string, value: unknown): unknown {
  const file = MAP.get(command);
  expect(file, `${command} has a schema in docs/json/README.md`).toBeTruthy();
  const validate = ajv.getSchema(`https://agents-cli.dev/json/${file}`)!;
  expect({ command, errors: validate(value) ? null : validate.errors }).toEqual({ command, errors: null });
  return value;
}

const running = useEmulatorEnv();
const agents = (argv: string[], stdin?: string) =>
  runCli(argv, { env: running.env, configDir: running.env.AGENTS_CONFIG_DIR, stdin });

/** The emulator's first line with --json (or --jq): started as a user would, then stopped. */
function emulatorFirstLine(flags: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', ...flags], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) child.kill('SIGTERM');
    });
    child.on('error', reject);
    child.on('close', () => resolve(out.split('\n')[0]!));
  });
}

describe('docs/json/README.md', () => {
  it('maps every command, each on its own line, and only commands that exist', () => {
    const commands = runnableCommands();
    expect(commands.length).toBeGreaterThan(40);
    expect([...MAP.keys()].sort()).toEqual([...commands].sort());
  });

  it('names a schema file that exists for each mapping, and the failure document', () => {
    for (const file of MAP.values()) if (file) expect(readdirSync(DIR)).toContain(file);
    expect(readFileSync(join(DIR, 'README.md'), 'utf8')).toContain('[failure.schema.json](failure.schema.json)');
  });
});

describe('every --json document validates against its schema', () => {
  // With --jq the walk asks for each document wrapped ({document: .}) and finds it inside: the
  // filter is in the one place every command's document passes through. Each walk has an emulator
  // of its own.
  it.each([['--json'], ['--jq', '{document: .}']])(
    'each command that has one, run for real against the emulator (%s)',
    async (...flags: string[]) => {
      const emulator = await startEmulator({ tokenDelayMs: 0 });
      const env = { AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: emulator.url, AGENTS_TOKEN: emulator.token };
      const agents = (argv: string[], stdin?: string) => runCli(argv, { env, configDir: env.AGENTS_CONFIG_DIR, stdin });
      onTestFinished(() => emulator.close());
      // What the walk reads as the document from one JSON text on stdout.
      const documentIn = (text: string) =>
        flags[0] === '--jq' ? (JSON.parse(text) as { document: unknown }).document : (JSON.parse(text) as unknown);
      const valid = (command: string, text: string) => expectValid(command, documentIn(text));
      const seen = new Set<string>();
      const check = async (command: string, argv: string[], stdin?: string) => {
        const result = await agents([...argv, ...flags], stdin);
        expect(result.code, `${argv.join(' ')}\n${result.stderr}`).toBe(0);
        seen.add(command);
        return valid(command, result.stdout);
      };
      const agent = (await check('create', [
        'create',
        '--name',
        'Schema bot',
        '--description',
        'd',
        '--llm-model',
        'GPT_4',
      ])) as { id: string };
      await check('update', ['update', agent.id, '--prompt', 'p']);
      await check('get', ['get', agent.id]);
      await check('list', ['list']);
      await check('invoke', ['invoke', agent.id, 'hi']);
      // chat --json: one document per turn (NDJSON), each held to the schema.
      const chat = await agents(['chat', agent.id, ...flags], 'hi\nand again\n');
      expect(chat.code, chat.stderr).toBe(0);
      const turns = chat.stdout.trim().split('\n');
      expect(turns).toHaveLength(2);
      for (const line of turns) valid('chat', line);
      seen.add('chat');
      await check('add-tool', ['add-tool', agent.id, 'weather']);
      await check('add-datasource', ['add-datasource', agent.id, 'handbook.pdf']);
      await check('add-llm', ['add-llm', agent.id, 'OPENAI']);
      await check('remove-tool', ['remove-tool', agent.id, 'weather']);
      await check('remove-datasource', ['remove-datasource', agent.id, 'handbook.pdf']);
      await check('remove-llm', ['remove-llm', agent.id, 'OPENAI']);
      for (const [plural, name, create] of [
        ['tools', 'weather', ['--name', 'schema-tool', '--type', 'FUNCTION']],
        ['datasources', 'handbook.pdf', ['--name', 'schema-source', '--type', 'URL', '--url', 'https://example.com']],
        ['llms', 'OPENAI', ['--provider', 'GROQ', '--api-key-stdin']],
      ] as const) {
        await check(`${plural} list`, [plural, 'list']);
        await check(`${plural} get`, [plural, 'get', name]);
        const made = (await check(`${plural} create`, [plural, 'create', ...create], 'sk-schema-not-real-0001')) as {
          id: string;
        };
        await check(`${plural} update`, [
          plural,
          'update',
          made.id,
          ...(plural === 'llms' ? ['--options', '{"temperature":0}'] : ['--description', 'x']),
        ]);
        if (plural !== 'llms') await check(`${plural} delete`, [plural, 'delete', made.id, '--yes']);
      }
      const dir = mkdtempSync(join(tmpdir(), 'agents-json-contract-'));
      const stack = join(dir, 'stack.json');
      writeFileSync(stack, (await agents(['export', agent.id, '--json'])).stdout);
      await check('export', ['export', agent.id]);
      await check('apply', ['apply', '-f', stack]);
      await check('diff', ['diff', '-f', stack]);
      // A copy of the stack, made and then destroyed: destroy's plan and results.
      await check('apply', ['apply', '-f', stack, '--suffix', '-contract']);
      await check('destroy', ['destroy', '-f', stack, '--suffix', '-contract', '--yes']);
      const cases = join(dir, 'cases.yaml');
      writeFileSync(cases, 'cases:\n  - {name: hi, input: hello, assert: [{contains: hello}]}\n');
      const report = join(dir, 'report.json');
      await check('eval', ['eval', '-f', cases, '--agent', agent.id, '--report', report]);
      await check('eval merge', ['eval', 'merge', report]);
      await check('eval compare', ['eval', 'compare', report, report, '--all']);
      await check('eval report', ['eval', 'report', report, '--baseline', report, '--html', join(dir, 'report.html')]);
      await check('models', ['models']);
      // The run log: every command of it answers --json as its schema says (Node 22.13+; older ones say so, exit 2).
      if (loadSqlite()) {
        await check('invoke', ['invoke', agent.id, 'hello']);
        const [logged] = valid('logs', (await agents(['logs', ...flags])).stdout) as Array<{ id: string }>;
        seen.add('logs');
        await check('logs show', ['logs', 'show', logged!.id]);
        await check('logs search', ['logs', 'search', 'hello']);
        await check('logs stats', ['logs', 'stats']);
        await check('logs replay', ['logs', 'replay', logged!.id]);
        await check('logs to-eval', ['logs', 'to-eval', logged!.id, '-o', join(dir, 'logged.yaml')]);
        await check('logs path', ['logs', 'path']);
        await check('logs status', ['logs', 'status']);
        await check('logs off', ['logs', 'off']);
        await check('logs on', ['logs', 'on']);
        await check('logs rm', ['logs', 'rm', logged!.id, '--yes']);
      } else {
        for (const command of [
          'logs',
          'logs show',
          'logs search',
          'logs stats',
          'logs replay',
          'logs to-eval',
          'logs path',
          'logs status',
          'logs off',
          'logs on',
          'logs rm',
        ])
          seen.add(command);
      }
      await check('init', ['init', join(dir, 'starter')]);
      await check('login', ['login', '--base-url', env.AGENTS_BASE_URL, '--token-stdin'], env.AGENTS_TOKEN);
      await check('status', ['status']);
      await check('config set', ['config', 'set', 'timeout', '30']);
      await check('config get', ['config', 'get', 'timeout']);
      await check('config list', ['config', 'list']);
      await check('config unset', ['config', 'unset', 'timeout']);
      await check('whoami', ['whoami']);
      const key = (await check('keys create', ['keys', 'create', 'schema-key'])) as { id: string };
      await check('keys list', ['keys', 'list']);
      await check('keys rename', ['keys', 'rename', key.id, 'schema-key-2']);
      await check('keys delete', ['keys', 'delete', 'schema-key-2', '--yes']);
      await check('signup', ['signup', '--email', 'schema@example.com', '--yes']);
      await check('logout', ['logout']);
      await check('delete', ['delete', agent.id, '--yes']);
      valid('emulator', await emulatorFirstLine(flags));
      seen.add('emulator');
      const withSchema = [...MAP].filter(([, file]) => file).map(([command]) => command);
      expect([...seen].sort()).toEqual(withSchema.sort());
    },
    limit(60_000),
  );

  it('every command that fails prints the failure document (an unknown flag here)', async () => {
    for (const command of runnableCommands()) {
      const result = await agents([...command.split(' '), '--json', '--no-such-flag']);
      expect(result.code, command).toBe(2);
      const value = JSON.parse(result.stdout) as unknown;
      const validate = ajv.getSchema('https://agents-cli.dev/json/failure.schema.json')!;
      expect({ command, errors: validate(value) ? null : validate.errors }).toEqual({ command, errors: null });
    }
  });
});
