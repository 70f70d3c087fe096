// V8's settings are the entry point's (src/tuning.ts, called by main.ts): no module below it
// changes the process, and what the settings do leaves no trace a user sees (a flag an older or
// newer V8 does not know would print a warning on stderr for every command).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ANSWER_STREAM_CHANNEL, listen } from '../../src/util/channels.js';
import { runBinary } from '../helpers/binary.js';
import { useEmulatorEnv } from '../helpers/emulator-env.js';
import { runCli } from '../helpers/run-cli.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const running = useEmulatorEnv();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe("V8's settings", () => {
  it('are changed in src/tuning.ts only', () => {
    const changing = sourceFiles(SRC)
      .filter((file) =>
        /setFlagsFromString|setHeapSnapshotNearHeapLimit|process\.setSourceMapsEnabled/.test(
          readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => relative(SRC, file));
    expect(changing).toEqual(['tuning.ts']);
  });

  it(`leave stderr empty: \`create -q\` prints the id and nothing else, on this Node (${process.version})`, async () => {
    const result = await runBinary(['create', '-q', '--name', 'Quiet', '--description', 'd', '--llm-model', 'GPT_4'], {
      env: running.env,
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(result.code).toBe(0);
  });

  it('an answer that streams is announced, once per stream, for the entry point to hold the young generation', async () => {
    const heard: string[] = [];
    const stop = listen(ANSWER_STREAM_CHANNEL, () => heard.push('stream'));
    try {
      const created = await runCli(
        ['create', '-q', '--name', 'Streamer', '--description', 'd', '--llm-model', 'GPT_4'],
        {
          env: running.env,
        },
      );
      const id = created.stdout.trim();
      expect((await runCli(['invoke', id, 'hello'], { env: running.env })).code).toBe(0);
      expect(heard).toHaveLength(1);
      expect((await runCli(['invoke', '--no-stream', id, 'hello'], { env: running.env })).code).toBe(0);
      expect(heard).toHaveLength(1); // a JSON answer does not stream
    } finally {
      stop();
    }
  });
});
