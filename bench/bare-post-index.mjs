// One POST with `undici.request` as its README shows it (the whole index loaded), bundled and
// minified by bench/run.mjs: what a plain undici script costs. Prints the new id.
import { request } from 'undici';

const response = await request(`${process.env.AGENTS_BASE_URL}/api/v1/agents`, {
  method: 'POST',
  headers: { authorization: `Bearer ${process.env.AGENTS_TOKEN}`, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'bare', description: 'bench', llmModel: 'GPT_4' }),
});
process.stdout.write(`${JSON.parse(await response.body.text()).data.id}\n`);
