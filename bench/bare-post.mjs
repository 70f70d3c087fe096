// The floor for `agents create -q`: one undici POST and nothing else, loaded the cheapest way
// undici allows (its request API and env-proxy agent only, WebAssembly without the TurboFan
// tier-up), bundled and minified by bench/run.mjs. Prints the new id.
import { setFlagsFromString } from 'node:v8';
import apiRequest from 'undici/lib/api/api-request.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';

setFlagsFromString('--liftoff-only');
const url = new URL(`${process.env.AGENTS_BASE_URL}/api/v1/agents`);
const response = await apiRequest.call(new EnvHttpProxyAgent(), {
  origin: url.origin,
  path: url.pathname,
  method: 'POST',
  headers: { authorization: `Bearer ${process.env.AGENTS_TOKEN}`, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'bare', description: 'bench', llmModel: 'GPT_4' }),
});
process.stdout.write(`${JSON.parse(await response.body.text()).data.id}\n`);
