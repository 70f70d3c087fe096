// What the libraries the CLI is built on cost before any of its own code: commander parses the
// same flags, zod/mini checks them and the answer, and the request is the floor's (bare-post.mjs).
// Bundled and minified by bench/run.mjs; not a floor the budget is set against, a measure of how
// much of the distance to it the chosen libraries take. Prints the new id.
import { Command } from 'commander';
import * as z from 'zod/mini';
import { setFlagsFromString } from 'node:v8';
import apiRequest from 'undici/lib/api/api-request.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';

setFlagsFromString('--liftoff-only');
let given;
const program = new Command('agents');
program
  .command('create')
  .option('--name <text>')
  .option('--description <text>')
  .option('--llm-model <text>')
  .option('-q, --quiet')
  .action((options) => (given = options));
await program.parseAsync(process.argv.slice(2), { from: 'user' });
const fields = z
  .object({ name: z.string(), description: z.string(), llmModel: z.string(), quiet: z.optional(z.boolean()) })
  .parse(given);
const url = new URL(`${process.env.AGENTS_BASE_URL}/api/v1/agents`);
const response = await apiRequest.call(new EnvHttpProxyAgent(), {
  origin: url.origin,
  path: url.pathname,
  method: 'POST',
  headers: { authorization: `Bearer ${process.env.AGENTS_TOKEN}`, 'content-type': 'application/json' },
  body: JSON.stringify({ name: fields.name, description: fields.description, llmModel: fields.llmModel }),
});
const answer = z.object({ data: z.object({ id: z.string() }) }).parse(JSON.parse(await response.body.text()));
process.stdout.write(`${answer.data.id}\n`);
