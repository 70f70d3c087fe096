// A service whose every invoke answers after a fixed delay (one streamed token, then the end), for
// the growth curve of `agents eval`. Prints its port. Usage: fixed-delay-server.mjs DELAY_MS
import { createServer } from 'node:http';

const delayMs = Number(process.argv[2] ?? 50);
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () =>
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      res.end('event: message\ndata: hello\n\n');
    }, delayMs),
  );
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
