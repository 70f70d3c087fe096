// `agents login`: save the service address and a checked token for a profile.
import { z } from '../../util/zod.js';
import { on } from '../../definition/flags.js';
import { titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'login',
  summary: 'Save the service address and token for a profile',
  description:
    'Save the service address and token for a profile. The token comes from a masked prompt on a terminal, or from stdin with --token-stdin; it is checked against the service before it is saved.',
  args: [],
  flags: {
    tokenStdin: on('read the token from standard input'),
    skipVerify: on('save without checking the token against the service'),
  },
  output: {
    name: 'login',
    schema: () =>
      titled(z.object({ profile: z.string(), baseUrl: z.string(), verified: z.boolean() }), 'agents login --json'),
  },
  uses: ['service', 'config', 'prompts'],
  examples: [
    'agents login --base-url "$AGENTS_BASE_URL"   # exit 2 here: it asks for the token on a terminal only',
    'printf %s "$AGENTS_TOKEN" | agents login --base-url "$AGENTS_BASE_URL" --token-stdin',
    'printenv AGENTS_TOKEN | agents login --profile staging --base-url "$AGENTS_BASE_URL" --token-stdin',
  ],
  readsStdin: ['--token-stdin'],
});
