// TAB completion in the real shells, running the generated scripts against the built binary.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, runBinary } from '../helpers/binary.js';
import { helpExamples } from '../helpers/doc-examples.js';
import { agentsOnPathForUser, freshHome, spawnAsUser } from '../helpers/unprivileged.js';
import { SETTINGS } from '../../src/config/setting-specs.js';
import { ATTACHABLE } from '../../src/resources/registry.js';

/** The keys `config set` completes: the settings table's, in its order (derived, not pinned). */
const CONFIG_KEYS = SETTINGS.flatMap((setting) => (setting.key ? [setting.key] : []));
/** `agents ad<TAB>`: an add- command per attachable kind of the registry. */
const ADD_COMMANDS = ATTACHABLE.map((resource) => `add-${resource.kind}`);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ZSH_STUBS = fileURLToPath(new URL('./zsh-stubs.zsh', import.meta.url));
const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

let env: Record<string, string>;
beforeAll(() => {
  assertBuilt();
  // `agents` on PATH runs the built binary, as an installed one would.
  const binDir = mkdtempSync(join(tmpdir(), 'agents-bin-'));
  writeFileSync(join(binDir, 'agents'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(binDir, 'agents'), 0o755);
  const configDir = join(mkdtempSync(join(tmpdir(), 'agents-state-')), 'config');
  mkdirSync(configDir, { recursive: true });
  // What this machine knows, per service (profile and base URL): staging's agents are not default's.
  writeFileSync(
    join(configDir, 'state.json'),
    JSON.stringify({
      services: {
        'default http://127.0.0.1:9': {
          agents: { 'a1b2-id': { name: 'Docs bot' }, 'c3d4-id': { name: 'Other: one' } },
          tools: {
            't9-id': { name: 'weather', lastUsed: '2026-01-02T00:00:00Z' },
            't8-id': { name: 'web search', lastUsed: '2026-01-01T00:00:00Z' },
          },
          llms: { 'l1-id': { name: 'OPENAI' } },
        },
        'staging https://staging.example.com': { agents: { 's1-id': { name: 'Staging bot' } } },
      },
    }),
  );
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify({
      profiles: { default: { baseUrl: 'http://127.0.0.1:9' }, staging: { baseUrl: 'https://staging.example.com' } },
    }),
  );
  env = { PATH: `${binDir}:${process.env.PATH}`, AGENTS_CONFIG_DIR: configDir, HOME: configDir };
});

function bash(...words: string[]): string[] {
  const script = `source "${ROOT}completions/agents.bash"; COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _agents; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = spawnSync('bash', ['-c', script, '_', ...words], { env, encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean);
}

function zsh(...words: string[]): string[] {
  const result = spawnSync('zsh', ['-f', ZSH_STUBS, ...words], {
    env: { ...env, AGENTS_COMPLETION_SCRIPT: `${ROOT}completions/_agents` },
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean);
}

function fish(line: string): string[] {
  const result = spawnSync(
    'fish',
    ['--no-config', '-c', `source "${ROOT}completions/agents.fish"; complete -C ${JSON.stringify(line)}`],
    {
      env,
      encoding: 'utf8',
    },
  );
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean);
}

describe('bash', () => {
  it('completes subcommands, flags, values and agent ids', () => {
    expect(bash('agents', '')).toEqual(
      expect.arrayContaining(['create', 'invoke', 'add-tool', 'config', 'completion']),
    );
    expect(bash('agents', 'ad')).toEqual(ADD_COMMANDS);
    expect(ADD_COMMANDS).toContain('add-tool');
    expect(bash('agents', 'create', '--ll')).toEqual(['--llm-model', '--llm-provider']);
    expect(bash('agents', 'create', '--llm-model', 'GPT_4_0')).toEqual(['GPT_4_0613', 'GPT_4_0125_PREVIEW', 'GPT_4_0']);
    expect(bash('agents', 'invoke', 'x', '--no-s')).toEqual(['--no-session', '--no-stream']);
    expect(bash('agents', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(bash('agents', 'config', '')).toEqual(['get', 'set', 'unset', 'list']);
    expect(bash('agents', 'config', 'set', '')).toEqual(CONFIG_KEYS);
    expect(bash('agents', '--profile', '')).toEqual(['default', 'staging']);
    expect(bash('agents', 'add-tool', '')).toEqual(['a1b2-id', 'c3d4-id', 'Docs\\ bot', 'Other:\\ one']);
    expect(bash('agents', 'invoke', '--session', 's1', 'c3')).toEqual(['c3d4-id']);
    expect(bash('agents', 'get', 'a1b2-id', '')).toEqual([]); // the id is given: nothing more to offer
  });

  it("offers only the agents of the service the line talks to: its --profile or --base-url, else the environment's", () => {
    expect(bash('agents', '--profile', 'staging', 'get', '')).toEqual(['s1-id', 'Staging\\ bot']);
    expect(bash('agents', 'get', '--profile=staging', '')).toEqual(['s1-id', 'Staging\\ bot']);
    expect(
      bash('agents', '--base-url', 'https://staging.example.com/api/v1', '--profile', 'staging', 'get', ''),
    ).toEqual(['s1-id', 'Staging\\ bot']);
    expect(bash('agents', '--base-url', 'http://other.example.com', 'get', '')).toEqual([]);
    expect(bash('agents', 'get', '')).toEqual(['a1b2-id', 'c3d4-id', 'Docs\\ bot', 'Other:\\ one']);
  });

  it('`help <TAB>` offers the commands and topics; `eval --agent <TAB>` offers agents, a name with spaces one word', () => {
    expect(bash('agents', 'help', '')).toEqual(
      expect.arrayContaining(['create', 'config', 'tools', 'environment', 'exit-codes']),
    );
    expect(bash('agents', 'help', '')).not.toContain('help');
    expect(bash('agents', 'help', 'exi')).toEqual(['exit-codes']);
    expect(bash('agents', 'eval', '-f', 'evals.yaml', '--agent', 'Do')).toEqual(['Docs\\ bot']);
  });

  it('completes tools, datasources and LLMs by id and by name (quoted as one word), most recent first', () => {
    expect(bash('agents', 'add-tool', 'a1b2-id', '')).toEqual(['t9-id', 't8-id', 'weather', 'web\\ search']);
    expect(bash('agents', 'add-tool', 'a1b2-id', 'web\\ s')).toEqual(['web\\ search']);
    expect(bash('agents', 'add-tool', 'a1b2-id', '"web s')).toEqual(['web\\ search']);
    expect(bash('agents', 'add-tool', 'a1b2-id', 't9-id', 'we')).toEqual(['weather', 'web\\ search']);
    expect(bash('agents', 'tools', 'get', '')).toEqual(['t9-id', 't8-id', 'weather', 'web\\ search']);
    expect(bash('agents', 'remove-llm', 'a1b2-id', '')).toEqual(['l1-id', 'OPENAI']);
    expect(bash('agents', 'datasources', 'delete', '')).toEqual([]);
  });

  it("completes resource verbs and the service's enums (tool and datasource types, LLM providers)", () => {
    expect(bash('agents', 'tools', '')).toEqual(['list', 'get', 'create', 'update', 'delete']);
    expect(bash('agents', 'llms', '')).toEqual(['list', 'get', 'create', 'update']);
    expect(bash('agents', 'tools', 'create', '--type', 'GO')).toEqual(['GOOGLE_SEARCH']);
    expect(bash('agents', 'datasources', 'create', '--type', 'GITHUB')).toEqual(['GITHUB_REPOSITORY']);
    expect(bash('agents', 'llms', 'create', '--provider', 'AN')).toEqual(['ANTHROPIC']);
  });

  it('completes file names for --file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-files-'));
    writeFileSync(join(dir, 'agent.yaml'), 'name: x');
    expect(bash('agents', 'create', '--file', join(dir, 'age'))).toEqual([join(dir, 'agent.yaml')]);
  });
});

describe('--output-schema takes JSON or @FILE: file names are offered with an @', () => {
  const schemaDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'agents-schema-'));
    writeFileSync(join(dir, 'schema.json'), '{}');
    return dir;
  };

  it('bash: @-prefixed names, also after bash splits the word at the @', () => {
    const dir = schemaDir();
    expect(bash('agents', 'invoke', 'a1', 'hi', '--output-schema', `@${dir}/sch`)).toEqual([`@${dir}/schema.json`]);
    // A real TAB: "@" is in COMP_WORDBREAKS, so the words are "--output-schema" "@" "PATH".
    expect(bash('agents', 'invoke', 'a1', 'hi', '--output-schema', '@', `${dir}/sch`)).toEqual([`${dir}/schema.json`]);
  });

  it.skipIf(!has('fish'))('fish: @-prefixed names', () => {
    const dir = schemaDir();
    expect(fish(`agents invoke a1 hi --output-schema @${dir}/sch`)).toEqual([`@${dir}/schema.json`]);
  });
});

describe.skipIf(!has('zsh'))('zsh', () => {
  it('completes subcommands with summaries, flags, values and agent ids with names', () => {
    expect(zsh('agents', '')).toContain('create:Create an agent');
    expect(zsh('agents', 'add-tool', '')).toEqual([
      'a1b2-id:Docs bot',
      'c3d4-id:Other\\: one',
      'Docs bot:a1b2-id',
      'Other\\: one:c3d4-id',
    ]);
    expect(zsh('agents', 'config', 'set', '')).toEqual(CONFIG_KEYS);
    expect(zsh('agents', 'create', '-f', '')).toEqual(['<files>']);
    expect(zsh('agents', 'create', '--llm-model', '')).toContain('GPT_4_0');
    // --type means a tool type for tools and a datasource type for datasources.
    expect(zsh('agents', 'datasources', 'create', '--type', '')).toContain('GITHUB_REPOSITORY');
    expect(zsh('agents', 'datasources', 'create', '--type', '')).not.toContain('GOOGLE_SEARCH');
    expect(zsh('agents', 'tools', 'update', 'x', '--type', '')).toContain('GOOGLE_SEARCH');
    expect(zsh('agents', 'create', '--na')).toContain('--name:name of the agent');
    expect(zsh('agents', 'add-tool', 'a1b2-id', '')).toEqual([
      't9-id:weather',
      't8-id:web search',
      'weather:t9-id',
      'web search:t8-id',
    ]);
  });

  it("offers the profile's agents, the commands after help, agents after --agent", () => {
    expect(zsh('agents', '--profile', 'staging', 'get', '')).toEqual(['s1-id:Staging bot', 'Staging bot:s1-id']);
    expect(zsh('agents', 'help', '')).toEqual(expect.arrayContaining(['config', 'exit-codes']));
    expect(zsh('agents', 'eval', '--agent', '')).toContain('Docs bot:a1b2-id');
  });
});

describe.skipIf(!has('fish'))('fish', () => {
  it('completes subcommands, values and agent ids with names', () => {
    expect(fish('agents ')).toContain('create\tCreate an agent');
    expect(fish('agents add-tool ')).toEqual([
      'a1b2-id\tDocs bot',
      'c3d4-id\tOther: one',
      'Docs bot\ta1b2-id',
      'Other: one\tc3d4-id',
    ]);
    expect(fish('agents config set ')).toEqual([
      'allow-insecure-http',
      'base-url',
      'logs',
      'logs.max-days',
      'logs.max-runs',
      'timeout',
    ]);
    expect(fish('agents --profile staging get ')).toEqual(['s1-id\tStaging bot', 'Staging bot\ts1-id']);
    expect(fish('agents help ').map((l) => l.split('\t')[0])).toEqual(expect.arrayContaining(['config', 'exit-codes']));
    expect(fish('agents eval --agent Do')).toEqual(['Docs bot\ta1b2-id']);
    expect(fish('agents --profile ').map((l) => l.split('\t')[0])).toEqual(['default', 'staging']);
    expect(fish('agents create --na')).toEqual(['--name\tname of the agent']);
    expect(fish('agents llms get ')).toEqual(['l1-id\tOPENAI', 'OPENAI\tl1-id']);
  });
});

if (!has('zsh') || !has('fish')) {
  console.log(
    `skipped: ${['zsh', 'fish'].filter((s) => !has(s)).join(' and ')} not installed (.ci/run installs them with apt-get when it can)`,
  );
}

describe('generated scripts', () => {
  for (const [shell, file] of [
    ['bash', 'agents.bash'],
    ['zsh', '_agents'],
    ['fish', 'agents.fish'],
  ]) {
    it(`completions/${file} is what the program generates for ${shell}, and what \`agents completion ${shell}\` prints (run npm run completions)`, async () => {
      const shipped = readFileSync(join(ROOT, 'completions', file!), 'utf8');
      // The program's own output (bin/agents.js answers from the shipped file otherwise).
      const generated = await runBinary(['completion', shell!], { env: { AGENTS_LIVE_OUTPUT: '1' } });
      expect(generated.code).toBe(0);
      expect(shipped).toBe(generated.stdout);
      expect((await runBinary(['completion', shell!])).stdout).toBe(shipped);
    });
  }

  it('__complete reads local state only and prints ids with names', async () => {
    const result = await runBinary(['__complete', 'agents'], {
      env: { ...env, AGENTS_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(result).toMatchObject({
      code: 0,
      stdout: 'a1b2-id\tDocs bot\nc3d4-id\tOther: one\nDocs bot\ta1b2-id\nOther: one\tc3d4-id\n',
    });
    const prefixed = await runBinary(['__complete', 'agents', 'Oth'], { env });
    expect(prefixed.stdout).toBe('Other: one\tc3d4-id\n');
    const staging = await runBinary(['__complete', 'agents'], { env: { ...env, AGENTS_PROFILE: 'staging' } });
    expect(staging.stdout).toBe('s1-id\tStaging bot\nStaging bot\ts1-id\n');
  });
});

describe('the install lines of `completion --help` and README, run as written on a fresh account', () => {
  const installLine = async (shell: string) => {
    const help = (await runBinary(['completion', '--help'])).stdout;
    const command = helpExamples(help).find((line) => line.includes(`agents completion ${shell}`));
    expect(command, help).toBeDefined();
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`\n${command!.replace(/ \\\n\s*/g, ' ')}`);
    return command!;
  };
  // An ordinary user (nobody, when the tests run as root) with an empty home: no folders made yet.
  const userEnv = (home: string) => ({
    PATH: `${agentsOnPathForUser()}:${process.env.PATH}`,
    HOME: home,
    ZDOTDIR: home,
  });

  it('bash: ~/.bashrc loads it, and it completes without the bash-completion package', async () => {
    const home = freshHome();
    const install = await spawnAsUser('bash', ['-c', await installLine('bash')], userEnv(home));
    expect(install).toMatchObject({ code: 0, stderr: '' });
    // ~/.bashrc as a new shell reads it, without the system's bashrc (where bash-completion is loaded).
    const shell = await spawnAsUser(
      'bash',
      [
        '--norc',
        '-c',
        'source ~/.bashrc; type _init_completion >/dev/null 2>&1 && echo HAS-PACKAGE; complete -p agents; COMP_WORDS=(agents comple); COMP_CWORD=1; _agents; echo "${COMPREPLY[@]}"',
      ],
      userEnv(home),
    );
    expect(shell).toMatchObject({ code: 0, stderr: '', stdout: 'complete -F _agents agents\ncompletion\n' });
  });

  it.skipIf(!has('zsh'))('zsh: ~/.zshrc loads it in a shell where compinit was never called', async () => {
    const home = freshHome();
    const install = await spawnAsUser('zsh', ['-f', '-c', await installLine('zsh')], userEnv(home));
    expect(install).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(join(home, '.zshrc'), 'utf8')).not.toContain('compinit');
    const shell = await spawnAsUser('zsh', ['-d', '-i', '-c', 'print -r -- $_comps[agents]'], userEnv(home));
    expect(shell.stdout).toBe('_agents\n');
  });

  it.skipIf(!has('fish'))('fish: the completions folder is made; a new fish completes agents', async () => {
    const home = freshHome();
    const install = await spawnAsUser('fish', ['-c', await installLine('fish')], userEnv(home));
    expect(install).toMatchObject({ code: 0, stderr: '' });
    const completed = await spawnAsUser('fish', ['-c', 'complete -C "agents complet"'], userEnv(home));
    expect(completed.stdout).toMatch(/^completion\t/m);
  });
});

describe('help topics', () => {
  it('agents help exit-codes and help environment print the tables; help <command> the command help', async () => {
    const codes = await runBinary(['help', 'exit-codes']);
    expect(codes.stdout).toMatch(/^\s+6 {2}the structured output did not match --output-schema$/m);
    const environment = await runBinary(['help', 'environment']);
    expect(environment.stdout).toContain('AGENTS_CONFIG_DIR');
    const command = await runBinary(['help', 'config', 'set']);
    expect(command.stdout).toContain('Usage: agents config set');
    const unknown = await runBinary(['help', 'nope']);
    expect(unknown.code).toBe(2);
  });
});
