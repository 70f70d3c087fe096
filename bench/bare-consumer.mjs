// The baseline: a bare undici consumer of the same stream, counting frames and nothing more.
import { request } from 'undici';

const [url] = process.argv.slice(2);
const { body } = await request(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
let frames = 0;
let previous = 0;
for await (const chunk of body) {
  for (let i = 0; i < chunk.length; i++) {
    if (chunk[i] === 10 && previous === 10) frames++;
    previous = chunk[i];
  }
}
process.stdout.write(`${frames}\n`);
