// A service that lists N agents in pages (skip/take, total_pages), each page after a fixed delay,
// for the growth curve of `agents list --all`. Prints its port. Usage: paged-server.mjs N DELAY_MS
import { createServer } from 'node:http';

const total = Number(process.argv[2] ?? 1000);
const delayMs = Number(process.argv[3] ?? 20);
const agent = (i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `agent-${i}`,
  description: 'bench',
  llmModel: 'GPT_4',
  isActive: true,
  createdAt: '2024-05-20T10:00:00.000000+00:00',
});

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://bench');
  const skip = Number(url.searchParams.get('skip') ?? 0);
  const take = Number(url.searchParams.get('take') ?? 50);
  setTimeout(() => {
    const data = Array.from({ length: Math.max(0, Math.min(take, total - skip)) }, (_v, i) => agent(skip + i));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: true, data, total_pages: Math.ceil(total / take) }));
  }, delayMs);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
