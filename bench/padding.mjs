// The padding run's build: a copy of the package (bin/, dist/, package.json) whose dist/main.js
// ends with never-called functions, `kib` KiB of them. Compared with the package as built, in
// paired rounds, it shows what code that `create -q` loads but never calls costs a start once the
// code cache is warm (bin/code-cache.js): the bytes read and checked, not compiled.
import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function paddedCopy(root, kib) {
  const copy = mkdtempSync(join(tmpdir(), 'agents-bench-padded-'));
  for (const part of ['bin', 'dist', 'package.json']) cpSync(join(root, part), join(copy, part), { recursive: true });
  const one = (n) =>
    `function __benchPadding${n}(a,b){let s=0;for(let i=0;i<a;i++){s+=(i*31+b)%97;if(s>1e9)s-=1e9}return s+${n}}\n`;
  let text = '';
  for (let n = 0; text.length < kib * 1024; n++) text += one(n);
  appendFileSync(join(copy, 'dist', 'main.js'), `\n${text}`);
  return join(copy, 'bin', 'agents.js');
}
