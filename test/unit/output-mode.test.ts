// The Exporter (src/ui/exporter.ts) owns every format: no command reads the output mode, the flags
// that choose it, or stdout itself. A command asks what the reader is (`ctx.out.forProgram`,
// `forPerson`) and hands over its result; a new format is a case in the Exporter alone (--jq was).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const COMMANDS = fileURLToPath(new URL('../../src/commands/', import.meta.url));
/** The command layer, which reads the global flags for every command: it sets the Exporter up. */
const LAYER = new Set(['program.ts']);
const READS_THE_MODE = [/\bout\.mode\b/, /\bglobals\.(json|quiet|jq)\b/, /\bdeps\.stdout\b/, /\bprocess\.stdout\b/];

it('no file under src/commands/ reads the output mode, its flags or stdout', () => {
  const files = readdirSync(COMMANDS, { recursive: true, encoding: 'utf8' }).filter(
    (path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !LAYER.has(path),
  );
  expect(files.length).toBeGreaterThan(100);
  const reading = files.flatMap((path) => {
    const text = readFileSync(join(COMMANDS, path), 'utf8');
    return READS_THE_MODE.filter((pattern) => pattern.test(text)).map((pattern) => `${path}: ${pattern.source}`);
  });
  expect(reading).toEqual([]);
});
