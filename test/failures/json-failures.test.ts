// With --json, a command that fails prints one JSON document holding `error` (docs/json/
// error.schema.json), its exitCode the process's: not found 5, no token 4, bad input 2. In this
// process: the Exporter prints it, as in the binary (test/e2e/pipes.e2e.test.ts keeps what only a
// real process shows: a reader that goes away).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli, tempConfigDir } from '../helpers/run-cli.js';

const SCHEMAS = fileURLToPath(new URL('../../docs/json/', import.meta.url));
const MISSING = '00000000-0000-4000-8000-00000000dead';
const running = useEmulatorEnv();

describe('--json: every failing command prints one document with `error`', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  for (const file of readdirSync(SCHEMAS).filter((name) => name.endsWith('.schema.json')))
    ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8')));
  const errorSchema = ajv.getSchema('https://agents-cli.dev/json/error.schema.json')!;
  const noToken = () => ({ AGENTS_CONFIG_DIR: tempConfigDir(), AGENTS_BASE_URL: running.env.AGENTS_BASE_URL! });
  const cases: Array<[string, string[], number, 'no token' | 'emulator']> = [
    ['get', ['get', MISSING], 5, 'emulator'],
    ['list', ['list'], 4, 'no token'],
    ['delete', ['delete', MISSING, '--yes'], 5, 'emulator'],
    ['login', ['login', '--base-url', 'not a url', '--token-stdin'], 2, 'no token'],
    ['apply', ['apply', '-f', '/nonexistent.yaml'], 2, 'emulator'],
    ['diff', ['diff', '-f', '/nonexistent.yaml'], 2, 'emulator'],
    ['create', ['create', '--name', 'x'], 2, 'emulator'],
    ['update', ['update', MISSING, '--prompt', 'p'], 5, 'emulator'],
    ['invoke', ['invoke', MISSING, 'hi'], 5, 'emulator'],
    ['add-tool', ['add-tool', MISSING, 'nope'], 5, 'emulator'],
    ['remove-tool', ['remove-tool', MISSING, 'nope'], 5, 'emulator'],
    ['tools get', ['tools', 'get', MISSING], 5, 'emulator'],
    ['llms list', ['llms', 'list'], 4, 'no token'],
    ['export', ['export', MISSING], 5, 'emulator'],
    ['eval', ['eval', '-f', '/nonexistent.yaml'], 2, 'emulator'],
    ['config get', ['config', 'get', 'no-such-key'], 2, 'emulator'],
    ['an unknown flag', ['get', '--no-such-flag'], 2, 'emulator'],
  ];
  it.each(cases)('%s', async (_name, argv, code, setup) => {
    const env = setup === 'emulator' ? running.env : noToken();
    const result = await runCli([...argv, '--json'], { env, configDir: env.AGENTS_CONFIG_DIR, stdin: '' });
    expect(result.code, result.stderr).toBe(code);
    // add-* answers with its documented array, one entry per link, each failed one with its error.
    const document = JSON.parse(result.stdout) as
      { error: { exitCode: number } } | Array<{ error: { exitCode: number } }>;
    const error = Array.isArray(document) ? document[0]!.error : document.error;
    expect(errorSchema(error), JSON.stringify(errorSchema.errors)).toBe(true);
    expect(error.exitCode).toBe(code);
  });
});
