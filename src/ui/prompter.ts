// Questions for a person at a terminal. Commands ask through this interface (tests
// pass a scripted one); the real one renders @inquirer/prompts on stderr, loaded
// only when a question is asked. Callers check ctx.io.interactive first.
import type { Deps } from '../deps.js';
import { interrupted } from '../errors.js';
import { keepFrames } from './prompt-frames.js';
import type { Choice, Prompter } from '../questions.js';
import { importPrompts } from '../util/esm-vendor.js';

/** Long lists are searched as you type instead of scrolled. */
const SEARCH_THRESHOLD = 12;

export function inquirerPrompter(deps: Deps, options: { color: boolean }): Prompter {
  // inquirer colours by itself (and --no-color never reaches it): without colour, every prompt gets a plain theme.
  const theme = options.color ? undefined : PLAIN_PROMPT_THEME;
  const load = importPrompts;

  const search = async (message: string, choices: Choice[], extra: { allowOther?: boolean; done?: string }) => {
    const { search } = await load();
    return guard(deps, (context) =>
      search<string>(
        {
          message,
          pageSize: 10,
          source: (term) => {
            const query = (term ?? '').trim();
            const matches = rank(choices, query);
            const other =
              extra.allowOther && query && !choices.some((c) => c.value === query)
                ? [{ value: query, name: `use "${query}"` }]
                : [];
            const done = extra.done ? [{ value: '', name: extra.done }] : [];
            // Enter takes the first entry: a listed match beats the typed text taken as is.
            return [...done, ...matches, ...other];
          },
          theme,
        },
        context,
      ),
    );
  };

  return {
    async text(message, options = {}) {
      const { input } = await load();
      return guard(deps, (context) =>
        input({ message, default: options.default, validate: options.validate, theme }, context),
      );
    },
    async secret(message, options = {}) {
      const { password } = await load();
      return guard(deps, (context) => password({ message, mask: '*', validate: options.validate, theme }, context));
    },
    async confirm(message, options = {}) {
      const { confirm } = await load();
      return guard(deps, (context) => confirm({ message, default: options.default, theme }, context));
    },
    async choose(message, choices, options = {}) {
      if (options.allowOther || choices.length > SEARCH_THRESHOLD) return search(message, choices, options);
      const { select } = await load();
      return guard(deps, (context) =>
        select<string>({ message, choices, default: options.default, pageSize: SEARCH_THRESHOLD, theme }, context),
      );
    },
    async chooseMany(message, choices) {
      if (choices.length <= SEARCH_THRESHOLD) {
        const { checkbox } = await load();
        return guard(deps, (context) =>
          checkbox<string>(
            {
              message,
              choices,
              required: true,
              pageSize: SEARCH_THRESHOLD,
              validate: (c) => (c.length ? true : 'pick at least one'),
              theme,
            },
            context,
          ),
        );
      }
      const picked: string[] = [];
      for (;;) {
        const rest = choices.filter((c) => !picked.includes(c.value));
        const next = await search(`${message}${picked.length ? ` (${picked.length} picked)` : ''}`, rest, {
          done: picked.length ? '(done)' : undefined,
        });
        if (!next) return picked;
        picked.push(next);
        if (rest.length === 1) return picked;
      }
    },
    async multiline(message, options = {}) {
      if (deps.env.VISUAL || deps.env.EDITOR) {
        const { editor } = await load();
        return guard(deps, (context) =>
          editor(
            { message, default: options.default, validate: options.validate, waitForUserInput: false, theme },
            context,
          ),
        ).then((text) => text.replace(/\n$/, ''));
      }
      const { input } = await load();
      const answer = await guard(deps, (context) =>
        input(
          {
            message: `${message} (\\n for a new line)`,
            default: options.default?.replace(/\n/g, '\\n'),
            validate: options.validate ? (v) => options.validate!(v.replace(/\\n/g, '\n')) : undefined,
            theme,
          },
          context,
        ),
      );
      return answer.replace(/\\n/g, '\n');
    },
  };
}

const same = (text: string) => text;

/** inquirer's default look without colour or style: the same marks, as plain text. */
const PLAIN_PROMPT_THEME = {
  prefix: { idle: '?', done: '✔' },
  spinner: { interval: 80, frames: ['-', '\\', '|', '/'] },
  icon: { cursor: '❯', checked: '◉', unchecked: '◯' },
  style: {
    answer: same,
    message: same,
    highlight: same,
    help: same,
    searchTerm: same,
    description: same,
    error: (text: string) => `> ${text}`,
    defaultAnswer: (text: string) => `(${text})`,
    key: (text: string) => `<${text}>`,
    disabled: (text: string) => `- ${text}`,
    disabledChoice: (text: string) => `- ${text}`,
    keysHelpTip: (keys: Array<[string, string]>) => keys.map(([key, action]) => `${key} ${action}`).join(' • '),
  },
};

/** Choices matching what was typed: exact first, then prefixes, then endings (`4_0` → GPT_4_0), then anywhere. */
function rank(choices: Choice[], query: string): Choice[] {
  if (!query) return choices;
  const q = query.toLowerCase();
  const score = (c: Choice) => {
    const value = c.value.toLowerCase();
    if (value === q) return 0;
    if (value.startsWith(q)) return 1;
    if (value.endsWith(q)) return 2;
    return `${c.name} ${c.value}`.toLowerCase().includes(q) ? 3 : 4;
  };
  return choices
    .map((choice) => ({ choice, score: score(choice) }))
    .filter(({ score }) => score < 4)
    .sort((a, b) => a.score - b.score)
    .map(({ choice }) => choice);
}

/** What inquirer is given for one question: the streams and the command's abort signal. */
interface PromptContext {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  signal: AbortSignal | undefined;
}

/**
 * Ctrl-C or Ctrl-D in a prompt: nothing is sent and the command ends with 130 (a script's `&&`
 * must not go on). Ctrl-Z then `fg`: readline pauses its input when the process continues and
 * waits for someone to resume it, which inquirer never does, so the question would hang and the
 * command end: resume it here (after readline's own handler, hence setImmediate), and draw the
 * question again below what the shell printed, once. Before the stop, the cursor goes below the
 * question's list, so the shell's lines do not land on it.
 */
async function guard<T>(deps: Deps, ask: (context: PromptContext) => Promise<T>): Promise<T> {
  const input = deps.stdin as NodeJS.ReadStream;
  const frames = keepFrames(deps.stderr as unknown as NodeJS.WritableStream);
  let resumed = false;
  const onContinue = () =>
    setImmediate(() => {
      resumed = true;
      input.resume?.();
      frames.redraw();
    });
  process.on('SIGCONT', onContinue);
  // Ctrl-Z (raw mode: the byte itself), seen before readline stops the process on it. Listened to
  // once the question's readline reads the input: a listener of ours alone would start it flowing.
  const onKeys = (chunk: Buffer | string) => {
    if (chunk.includes('\u001A')) frames.leave();
  };
  // Ctrl-D closes inquirer's readline without ending its question: nothing is left to wait on, and
  // the process would end with 0 as if answered. The event loop running dry means that: abort.
  const inputEnded = new AbortController();
  const onDry = () => inputEnded.abort();
  process.once('beforeExit', onDry);
  const signal = deps.signal ? AbortSignal.any([deps.signal, inputEnded.signal]) : inputEnded.signal;
  try {
    const answer = ask({ input, output: frames.output, signal });
    input.prependListener?.('data', onKeys);
    return await answer;
  } catch (error) {
    const name = (error as Error)?.name;
    if (
      name === 'ExitPromptError' ||
      name === 'AbortPromptError' ||
      name === 'CancelPromptError' ||
      name === 'AbortError'
    ) {
      throw interrupted();
    }
    throw error;
  } finally {
    process.off('SIGCONT', onContinue);
    process.off('beforeExit', onDry);
    input.off?.('data', onKeys);
    if (resumed) input.pause?.(); // readline, paused in its own eyes, would leave it flowing
  }
}
