// README, docs/provisioning.md and docs/emulator.md agree with the code and each other.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { servedRoutes } from '../../src/emulator/router.js';
import { STARTER_STACK } from '../../src/init/starter-files.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const section = (text: string, heading: string) =>
  text.slice(text.indexOf(heading), text.indexOf('\n## ', text.indexOf(heading) + 1));

describe('the docs agree with the code and with each other', () => {
  it('docs/provisioning.md shows the stack.yaml `agents init` writes as it is', () => {
    const doc = read('docs/provisioning.md');
    const shown = /```yaml\n([\s\S]*?)```/.exec(doc)![1];
    expect(shown).toBe(STARTER_STACK);
  });

  it('README explains each concept once, before the commands use them', () => {
    const readme = read('README.md');
    const concepts = section(readme, '## Concepts');
    expect(readme.indexOf('## Concepts')).toBeLessThan(readme.indexOf('## Commands'));
    for (const term of ['Agent', 'Model', 'Provider', 'LLM record', 'Active', 'Tool', 'Session', 'Profile'])
      expect(concepts, term).toContain(`- **${term}**`);
    // What "active" does not do is said, not left to be guessed.
    expect(concepts).toMatch(/inactive agent is still[\s\S]*answers `invoke`/);
    expect(concepts).toContain('metadata');
  });

  it('docs/emulator.md lists exactly the routes the emulator serves', () => {
    const rows = [...section(read('docs/emulator.md'), '## Routes').matchAll(/^\| (\w+) \| `([^`]+)` \|$/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.sort()).toEqual(servedRoutes().sort());
  });

  it("README's quick start starts the emulator, shows tools list, and says what to do next", () => {
    const quickStart = section(read('README.md'), '## Quick start');
    expect(quickStart).toContain('agents emulator');
    expect(quickStart).toContain('agents tools list');
    expect(quickStart).toMatch(/What next:.*--help/s);
  });

  it("README's first 60 lines show the tool working before the set-up; bench figures and development notes live in docs/", () => {
    const readme = read('README.md');
    const top = readme.split('\n').slice(0, 60).join('\n');
    expect(top).toMatch(/\$ agents create --name "Docs bot"[\s\S]*\$ agents invoke "Docs bot"[\s\S]*You said:/);
    expect(top.indexOf('$ agents create')).toBeLessThan(top.indexOf('## Set-up'));
    for (const [heading, page] of [
      ['## Performance', 'docs/performance.md'],
      ['## Development', 'docs/development.md'],
    ] as const) {
      const text = section(readme + '\n## end', heading);
      expect(text.split('\n').length, heading).toBeLessThan(12);
      expect(text, heading).toContain(`](${page})`);
      expect(read(page).length, page).toBeGreaterThan(2000);
    }
  });

  it('every page whose commands write files says to run them in the scratch folder, before the first', () => {
    const writes = /(^|\s)>\s*\S|--(report|junit|html|summary|env-out|out)\b|\s-o\s|\bto-eval\b|\binit\b/m;
    const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    let writers = 0;
    for (const name of pages) {
      const text = read(`docs/${name}`);
      const block = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].find((m) =>
        m[1]!.split('\n').some((line) => writes.test(line.replace(/(^|\s)#.*$/, ''))),
      );
      if (!block) continue;
      writers++;
      expect(text.slice(0, block.index), name).toContain('~/try-agents');
    }
    expect(writers).toBeGreaterThanOrEqual(3);
  });

  it('no console transcript types a literal id: they can be copied', () => {
    for (const page of ['README.md', 'docs/provisioning.md', 'docs/emulator.md', 'docs/eval.md', 'docs/logs.md']) {
      const typed = [...read(page).matchAll(/```console\n([\s\S]*?)```/g)].flatMap((m) =>
        m[1]!.split('\n').filter((line) => line.startsWith('$ ')),
      );
      for (const line of typed) expect(line, page).not.toMatch(/\b[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\b/);
    }
  });

  it('no page of the docs uses a hard-coded id prefix or a <placeholder> in a command', () => {
    for (const page of ['README.md', 'docs/provisioning.md', 'docs/emulator.md']) {
      const blocks = [...read(page).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
      // What is typed, without the comments that explain it.
      const commands = blocks
        .flatMap((block) => block.split('\n').map((line) => line.replace(/(^|\s)#.*$/, '')))
        .join('\n');
      expect(commands, page).not.toMatch(/\b[0-9a-f]{8}\b|<[a-z-]+(-id)?>/);
    }
  });
});
