// `agents models`: the one list of models (src/api/models.ts) that create checks, the wizard offers
// and completion completes, with which provider each needs.
import { KNOWN_LLM_MODELS, likelyProvider, LLM_PROVIDERS, providerOfModel } from '../../resources/models.js';
import { renderTable } from '../../ui/table.js';
import { HELP_WIDTH, wrapWords } from '../help-text.js';
import type { RunOf } from '../command.js';
import type { spec } from './definition.js';

/** What this run receives (its spec's `uses`), as its helpers take it. */
type RunCtx = Parameters<RunOf<typeof spec>>[1];

/** One model as `models --json` describes it (docs/json/models.schema.json). */
interface ModelRow {
  model: string;
  /** The provider the service picks by itself, or null when --llm-provider must be sent. */
  automaticProvider: string | null;
  /** The provider to send when one is needed (a suggestion; any of `providers` is accepted). */
  suggestedProvider: string | null;
}

function modelRows(): ModelRow[] {
  return KNOWN_LLM_MODELS.map((model) => ({
    model,
    automaticProvider: providerOfModel(model) ?? null,
    suggestedProvider: providerOfModel(model) ? null : (likelyProvider(model) ?? null),
  }));
}

export const run: RunOf<typeof spec> = async (_options, ctx) => {
  const rows = modelRows();
  await ctx.out.result(
    { models: rows, providers: LLM_PROVIDERS },
    { quiet: () => rows.map((row) => row.model), human: () => humanModels(ctx, rows) },
  );
};

async function humanModels(ctx: RunCtx, rows: ReturnType<typeof modelRows>): Promise<string> {
  const table = await renderTable(
    ['MODEL', 'PROVIDER'],
    rows.map((row) => [
      row.model,
      row.automaticProvider
        ? `${row.automaticProvider} (the service picks it)`
        : `needs --llm-provider${row.suggestedProvider ? ` (e.g. ${row.suggestedProvider})` : ''}`,
    ]),
    { theme: ctx.out.theme, width: ctx.out.columns },
  );
  return `${table}\n\n${wrapWords(`Providers: ${LLM_PROVIDERS.join(', ')}`, HELP_WIDTH, '  ').join('\n')}`;
}
