// Names from the service in CJK and emoji, as a user lists them: the built binary, a fresh process
// (string-width loaded by the table that needs it, not before), a real emulator. Each column starts
// at the same screen column on every line.
import { describe, expect, it } from 'vitest';
import { displayWidth, prepareWidths } from '../../src/util/display-width.js';
import { runBinary } from '../helpers/binary.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';

const running = useEmulatorEnv();
const NAMES = ['天気予報ボット', '🌤️ weather 😀', 'cafe\u0301 au lait', 'plain'];

describe('agents list with names beyond ASCII', () => {
  it('aligns the next column on screen columns, and cuts nothing in half', async () => {
    for (const name of NAMES) {
      const created = await runBinary(
        ['create', '-q', '--name', name, '--description', `about ${name}`, '--llm-model', 'GPT_4'],
        {
          env: running.env,
        },
      );
      expect(created.code, created.stderr).toBe(0);
    }
    const listed = await runBinary(['list'], { env: running.env });
    expect(listed.code, listed.stderr).toBe(0);
    await prepareWidths(NAMES);
    const lines = listed.stdout.trimEnd().split('\n');
    const header = lines[0]!;
    const second = header.indexOf(header.split(/ {2,}/)[2]!); // the column after NAME
    const rows = lines.filter((line) => NAMES.some((name) => line.includes(name)));
    expect(rows).toHaveLength(NAMES.length);
    for (const row of rows) {
      const name = NAMES.find((candidate) => row.includes(candidate))!;
      const after = row.slice(row.indexOf(name) + name.length);
      const next = row.length - after.trimStart().length;
      expect(displayWidth(row.slice(0, next)), row).toBe(displayWidth(header.slice(0, second)));
    }
  });
});
