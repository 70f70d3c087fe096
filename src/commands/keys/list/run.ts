import { listKeys } from '../../../api/accounts.js';
import { escapeControls } from '../../../ui/safe-text.js';
import { renderTable } from '../../../ui/table.js';
import type { RunOf } from '../../command.js';
import type { spec } from './definition.js';

export const run: RunOf<typeof spec> = async (_options, ctx) => {
  const keys = await listKeys(await ctx.client());
  await ctx.out.result(keys, {
    quiet: () => keys.map((key) => key.id),
    human: () => {
      if (keys.length === 0) return ctx.io.logger.info('No API keys yet. Mint one with `agents keys create NAME`.');
      const rows = keys.map((key) => [
        escapeControls(key.name),
        key.displayApiKey,
        (key.createdAt ?? '').slice(0, 10),
        key.id,
      ]);
      return renderTable(['NAME', 'KEY', 'CREATED', 'ID'], rows, { theme: ctx.out.theme, width: ctx.out.columns });
    },
  });
};
