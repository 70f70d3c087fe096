#!/usr/bin/env node
// `npm run completions`: regenerates completions/ from the built program, so the
// checked-in scripts never drift (a test compares them with what the program prints).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = { bash: 'agents.bash', zsh: '_agents', fish: 'agents.fish' };

execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
mkdirSync(new URL('../completions/', import.meta.url), { recursive: true });
for (const [shell, file] of Object.entries(files)) {
  const script = execFileSync(process.execPath, ['bin/agents.js', 'completion', shell], { cwd: root, encoding: 'utf8' });
  writeFileSync(new URL(`../completions/${file}`, import.meta.url), script);
  console.log(`completions/${file}`);
}
