import { invokeAgent, type InvokeBody } from '../api/invoke.js';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { readAll, readFileOrStdin } from '../util/read-input.js';
import { printAnswer, type AnswerMode } from './answer.js';
import type { Options } from './define.js';
import { chooseSession, llmParams } from './invoke-options.js';
import { resolveAgentId } from './pick.js';
import { checkAgainstSchema, loadOutputSchema, type OutputSchema } from './output-schema.js';

export async function run(ctx: Context, args: unknown[], options: Options): Promise<void> {
  const agentId = await resolveAgentId(ctx, args[0], () => ctx.client());
  if (options.events === true && ctx.globals.json) throw new CliError('usage', '--events and --json cannot be used together');
  const input = await readInvokeInput(ctx, args[1] as string | undefined, options);
  const schema = typeof options.outputSchema === 'string' ? await loadOutputSchema(ctx, options.outputSchema) : undefined;
  const params = llmParams(options);
  const sessionId = chooseSession(ctx, agentId, options);

  const body: InvokeBody = {
    input,
    enableStreaming: options.stream !== false,
    ...(sessionId !== undefined && { sessionId }),
    ...(schema && { outputSchema: schema.text }),
    ...(params && { llm_params: params }),
  };
  const client = await ctx.client();
  if (sessionId && !ctx.globals.json && options.events !== true) ctx.logger.info(ctx.theme.muted(`session ${sessionId}`));

  const mode: AnswerMode = options.events === true ? 'events' : ctx.globals.json ? 'json' : schema ? 'structured' : 'human';
  const events = invokeAgent(client, agentId, body, ctx.settings().timeoutSeconds, ctx.deps.signal);
  let answer;
  try {
    answer = await printAnswer(ctx, events, mode, sessionId);
  } finally {
    // After the answer, so bookkeeping never delays it; also after a failed or stopped one, so -c continues it.
    if (sessionId) await ctx.recordLocally((state) => state.rememberAgent(agentId, { lastSession: sessionId }));
  }

  const structured = schema ? await finishStructured(ctx, answer.output, schema) : undefined;
  if (mode === 'json') {
    ctx.printJson({
      output: structured ?? answer.output,
      sessionId: sessionId ?? null,
      ...(answer.toolCalls.length > 0 && { toolCalls: answer.toolCalls }),
    });
  } else if (mode === 'structured') {
    ctx.printJson(structured);
  }
}

async function readInvokeInput(ctx: Context, positional: string | undefined, options: Options): Promise<string> {
  const file = typeof options.inputFile === 'string' ? options.inputFile : undefined;
  if (positional !== undefined && file !== undefined) throw new CliError('usage', 'give the input as an argument or with --input-file, not both');
  let input: string | undefined = positional;
  if (file !== undefined) input = await readFileOrStdin(file, ctx.deps.stdin, '--input-file');
  else if (input === undefined && ctx.deps.stdin.isTTY !== true) input = await readAll(ctx.deps.stdin);
  else if (input === undefined && ctx.interactive) input = await ctx.prompter.multiline('Input', { validate: (v) => (v.trim() ? true : 'must not be empty') });
  if (input === undefined || !input.trim()) {
    throw new CliError('usage', 'missing input', { hint: 'Pass it as an argument, with --input-file FILE, or on stdin.' });
  }
  return input;
}

/** The structured answer as a value: parsed when it came as text, checked when the schema allows. */
async function finishStructured(ctx: Context, output: unknown, schema: OutputSchema): Promise<unknown> {
  let value = output;
  if (typeof output === 'string') {
    try {
      value = JSON.parse(output);
    } catch {
      throw new CliError('bad-response', 'the answer to --output-schema is not JSON', { details: [output.slice(0, 200)] });
    }
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) {
    // The real service answers {} when it could not parse the model's answer.
    ctx.logger.warn('the structured answer is empty ({}): the service may have failed to parse the model output');
  }
  if (schema.jsonSchema) await checkAgainstSchema(value, schema.jsonSchema);
  return value;
}
