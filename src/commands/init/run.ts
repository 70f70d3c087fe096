import { lstat, mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { CliError } from '../../errors.js';
import { STARTER_FILES } from '../../init/starter-files.js';
import { writeOutputFile } from '../../io/write-file.js';
import { escapeControls } from '../../ui/safe-text.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async ({ dir = '.', force }, ctx) => {
  await mkdir(dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw new CliError(
      'usage',
      `cannot make the folder ${dir}: ${error.code === 'EEXIST' ? 'a file has that name' : error.message}`,
    );
  });
  const files: Array<{ path: string; action: 'written' | 'kept' | 'replaced' }> = [];
  for (const { name, text } of STARTER_FILES) {
    const path = relative('.', join(dir, name)) || name;
    const exists = await lstat(path).then(
      () => true,
      () => false,
    );
    if (exists && !force) {
      files.push({ path, action: 'kept' });
      continue;
    }
    writeOutputFile(path, text, 'the starter file', true); // no secret: readable as any source file
    files.push({ path, action: exists ? 'replaced' : 'written' });
  }
  await ctx.out.result(
    { files },
    {
      human: () => {
        for (const { path, action } of files) {
          const shown = escapeControls(path);
          if (action === 'kept') ctx.io.logger.warn(`${shown} exists: kept as it is (--force replaces it)`);
          else ctx.io.logger.success(`${action === 'written' ? 'Wrote' : 'Replaced'} ${shown}`);
        }
        const at = (name: string) => escapeControls(relative('.', join(dir, name)) || name);
        ctx.io.logger.info(
          `Next, against the emulator or your service: AGENTS_KEY_OPENAI=sk-… agents apply -f ${at('stack.yaml')}, then agents eval -f ${at('evals.yaml')}`,
        );
      },
    },
  );
};
