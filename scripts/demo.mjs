#!/usr/bin/env node
// `npm run demo`: a short tour of the real `agents` binary against the bundled
// emulator, in a throwaway config folder. Each command is printed before it runs.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'agents.js');
const bold = (text) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);

buildIfNeeded();
const configDir = mkdtempSync(join(tmpdir(), 'agents-demo-'));
// The folder the commands run in, as a reader's scratch folder: `agents init` writes its files there.
const workDir = join(configDir, 'work');
const emulator = spawn(process.execPath, [bin, 'emulator', '--port', '0', '--json'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let exitCode = 0;
try {
  const { baseUrl, token } = await firstJsonLine(emulator.stdout);
  const env = {
    ...process.env,
    AGENTS_CONFIG_DIR: configDir,
    AGENTS_BASE_URL: baseUrl,
    AGENTS_TOKEN: '',
    NO_COLOR: '',
  };
  const agents = (args, options = {}) => step(args, env, options);

  console.log(bold(`# The emulator is listening on ${baseUrl}; config goes to ${configDir}\n`));
  agents(['login', '--token-stdin'], { input: token, show: 'echo "$EMULATOR_TOKEN" | agents login --token-stdin' });
  const seeded = await seededIds(baseUrl, token);
  const id = agents(
    [
      'create',
      '-q',
      '--name',
      'Docs bot',
      '--description',
      'answers questions about our docs',
      '--llm-model',
      'GPT_4_TURBO',
    ],
    {
      capture: true,
    },
  );
  agents(['add-tool', id, seeded.tool]);
  agents(['add-datasource', id, seeded.datasource]);
  agents(['add-llm', id, seeded.llm]);
  agents(['add-tool', id, seeded.tool], { note: 'attaching again succeeds: scripts can re-run' });
  agents(['update', id, '--prompt', 'Answer briefly and cite the docs.']);
  agents(['invoke', id, 'What is the weather in Paris?']);
  agents(['invoke', id, '-c', 'What did I just ask you?']);
  agents([
    'invoke',
    id,
    'Give me a summary',
    '--output-schema',
    '{"type":"object","properties":{"title":{"type":"string"},"points":{"type":"integer"}},"required":["title","points"]}',
  ]);
  agents(['list']);
  agents(['get', id]);

  console.log(
    bold('\n# A whole stack in one file: an LLM (its key from AGENTS_KEY_OPENAI), a tool, a datasource, two agents'),
  );
  const stackEnv = { ...env, AGENTS_KEY_OPENAI: 'sk-demo-not-a-real-key' };
  step(['init', workDir], env, { show: 'agents init', note: 'starter files: stack.yaml and evals.yaml' });
  step(['apply', '-f', 'stack.yaml'], stackEnv, { show: 'AGENTS_KEY_OPENAI=sk-… agents apply -f stack.yaml' });
  step(['diff', '-f', 'stack.yaml'], stackEnv, { note: 'applied: nothing left to change' });
  agents(['invoke', 'Travel bot', 'Will it rain in Paris tomorrow?'], {
    note: 'by name: the forecast tool came from the file',
  });
  agents(['tools', 'list']);

  console.log(bold('\n# Test the agents like code: cases with checks on the answers, two failing on purpose'));
  const report = join(configDir, 'eval.xml');
  step(['eval', '-f', 'evals.yaml', '--junit', report], env, {
    show: 'agents eval -f evals.yaml --junit eval.xml',
    note: 'exits 1: a case failed',
    exits: [1],
  });
  console.log(bold('\n# Done. Every command above ran through the real binary.'));
} catch (error) {
  console.error(`demo failed: ${error.message}`);
  exitCode = 1;
} finally {
  emulator.kill('SIGTERM');
  rmSync(configDir, { recursive: true, force: true });
}
process.exitCode = exitCode;

/** Runs one command; any exit code but 0 (or those listed in `exits`) stops the demo. */
function step(args, env, { input, capture = false, show, note, exits = [0] } = {}) {
  console.log('\n' + bold(`$ ${show ?? ['agents', ...args.map(quote)].join(' ')}`) + (note ? `   # ${note}` : ''));
  const run = spawnSync(process.execPath, [bin, ...args], {
    cwd: existsSync(workDir) ? workDir : configDir, // the starter files' paths are relative to their folder, as shown
    env,
    input: input ?? '',
    stdio: ['pipe', capture ? 'pipe' : 'inherit', 'inherit'],
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  if (!exits.includes(run.status)) throw new Error(`agents ${args[0]} exited ${run.status ?? run.signal}`);
  const output = run.stdout ?? '';
  if (capture) {
    process.stdout.write(output);
    return output.trim();
  }
  return '';
}

function quote(arg) {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

async function firstJsonLine(stream) {
  const lines = createInterface({ input: stream });
  for await (const line of lines) return JSON.parse(line);
  throw new Error('the emulator exited before printing its address');
}

/** The id of the agent with this name (the file names agents; commands take ids). */
async function seededIds(baseUrl, token) {
  // The emulator's seeded records; the last LLM is one that create does not attach by itself.
  const ids = async (kind) => {
    const response = await fetch(`${baseUrl}/api/v1/${kind}`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()).data.map((record) => record.id);
  };
  return {
    tool: (await ids('tools')).at(-1),
    datasource: (await ids('datasources'))[0],
    llm: (await ids('llms')).at(-1),
  };
}

function buildIfNeeded() {
  const built = join(root, 'dist', 'main.js');
  const newest = (dir) =>
    Math.max(
      ...readdirSync(dir, { withFileTypes: true }).map((e) =>
        e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
      ),
    );
  if (existsSync(built) && statSync(built).mtimeMs >= newest(join(root, 'src'))) return;
  console.log(bold('# Building agents…'));
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
}
