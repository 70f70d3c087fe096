// `agents emulator`: a local stand-in for the service, with the real one's wire format.
import { z } from '../../util/zod.js';
import { DEFAULT_TOKEN_DELAY_MS } from '../../emulator/context.js';
import { count, on, outputPath, text } from '../../definition/flags.js';
import { titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';

const DEFAULT_EMULATOR_PORT = '7878';

export const spec = defineSpec({
  path: 'emulator',
  summary: 'Run a local stand-in for the service',
  description:
    'Run a local stand-in for the service that speaks the real (Superagent 0.2.39) wire format, with seeded tools, datasources and LLMs and a deterministic fake model. It prints the base URL and token to use; Ctrl-C stops it.',
  args: [],
  flags: {
    port: count('port to listen on (0 picks a free one)', { min: 0, max: 65_535, default: DEFAULT_EMULATOR_PORT }),
    host: text('address to bind', { default: '127.0.0.1', placeholder: 'host' }),
    token: text('token the emulator accepts, at least 8 characters (default: a new random one each start)', {
      placeholder: 'token',
    }),
    envOut: outputPath(
      'also write AGENTS_BASE_URL and AGENTS_TOKEN to this file, readable by you alone (0600), once listening; removed when it stops, unless another has written it since',
    ),
    strict: on("follow the spec's cleaner reading: 201, 401, 404, attachment records"),
    tokenDelay: count(
      `pause between streamed tokens; 0 sends each answer at once (default ${DEFAULT_TOKEN_DELAY_MS})`,
      {
        min: 0,
        max: 60_000,
        placeholder: 'ms',
        env: 'AGENTS_EMULATOR_TOKEN_DELAY_MS',
      },
    ),
  },
  output: {
    name: 'emulator',
    schema: () =>
      titled(
        z.object({ baseUrl: z.string(), token: z.string(), strict: z.boolean() }),
        'agents emulator --json: the first line, once it listens (it runs until Ctrl-C or SIGTERM)',
      ),
  },
  examples: [
    'agents emulator   # port 7878; Ctrl-C stops it',
    'agents emulator --port 0 --env-out local.env',
    'agents emulator --port 0 --json',
    'agents emulator --strict --port 0',
    'agents emulator --token-delay 300 --port 0',
  ],
});
