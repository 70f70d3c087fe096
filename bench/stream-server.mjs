// A local SSE server for the benchmarks: streams BENCH_COUNT tokens of BENCH_SIZE bytes as fast as the
// socket takes them, in the real service's framing. Prints its port on stdout.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  const count = Number(process.env.BENCH_COUNT ?? 100000);
  const size = Number(process.env.BENCH_SIZE ?? 5);
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    const frame = Buffer.from(`event: message\ndata: ${'x'.repeat(size)}\n\n`);
    // Batch frames per write: the server must not be the bottleneck.
    const batch = Buffer.concat(Array.from({ length: 256 }, () => frame));
    let sent = 0;
    const pump = () => {
      while (sent < count) {
        const n = Math.min(256, count - sent);
        sent += n;
        const ok = res.write(n === 256 ? batch : batch.subarray(0, n * frame.length));
        if (!ok) return res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
