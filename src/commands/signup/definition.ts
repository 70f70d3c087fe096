// `agents signup`: a new user on the service, its token saved as login saves one.
import { z } from '../../util/zod.js';
import { on, text } from '../../definition/flags.js';
import { described, titled } from '../output-shapes.js';
import { defineSpec } from '../../definition/define.js';

export const spec = defineSpec({
  path: 'signup',
  summary: 'Create a user on the service and save its token in a profile',
  description:
    'Create a user on the service (no token needed) and save the token it returns in the profile, as login does. A new user has no LLM yet: create one (agents llms create, or apply with an LLM) before the first agent.',
  args: [],
  flags: {
    email: text('the email of the new user (required)', { placeholder: 'address' }),
    yes: on('replace the token the profile has without asking', { short: '-y' }),
    showToken: on('with --json, include the new token in the document'),
  },
  output: {
    name: 'signup',
    schema: () =>
      titled(
        z.looseObject({
          id: z.string(),
          email: z.optional(z.nullable(z.string())),
          token: described(z.optional(z.string()), 'only with --show-token'),
          createdAt: z.optional(z.string()),
          updatedAt: z.optional(z.string()),
          profile: z.string(),
          baseUrl: z.string(),
        }),
        'agents signup --json: the new user (its token only with --show-token), and where it was saved',
      ),
  },
  uses: ['service', 'config', 'prompts'],
  examples: [
    'agents signup --email dev@example.com --profile dev --base-url "$AGENTS_BASE_URL" --yes',
    'agents whoami --profile dev',
  ],
});
