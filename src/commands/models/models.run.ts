// `agents models`: the one list of models (src/api/models.ts) that create checks, the wizard offers
// and completion completes, with which provider each needs.
import type { Context } from '../../context.js';
import { KNOWN_LLM_MODELS, likelyProvider, LLM_PROVIDERS, providerOfModel } from '../../api/models.js';
import { renderTable } from '../../ui/table.js';
import { HELP_WIDTH, wrapWords } from '../help-text.js';
import { noArguments, noOptions } from '../option-schemas.js';

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

export const optionsSchema = noOptions;
export const argumentsSchema = noArguments;

export function run(ctx: Context, _args: []): void {
  const rows = modelRows();
  ctx.io.result(
    { models: rows, providers: LLM_PROVIDERS },
    { quiet: () => rows.map((row) => row.model), human: () => humanModels(ctx, rows) },
  );
}

function humanModels(ctx: Context, rows: ReturnType<typeof modelRows>): string {
  const table = renderTable(
    ['MODEL', 'PROVIDER'],
    rows.map((row) => [
      row.model,
      row.automaticProvider
        ? `${row.automaticProvider} (the service picks it)`
        : `needs --llm-provider${row.suggestedProvider ? ` (e.g. ${row.suggestedProvider})` : ''}`,
    ]),
    { theme: ctx.io.stdoutTheme, width: ctx.io.columns },
  );
  return `${table}\n\n${wrapWords(`Providers: ${LLM_PROVIDERS.join(', ')}`, HELP_WIDTH, '  ').join('\n')}`;
}
