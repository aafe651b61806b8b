// The ceiling of Node's own http module on this machine: one process answering every request with the same
// bytes from memory, no routing, no headers beyond Content-Length. Prints {"url": ...} when it listens.
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.argv[2]);
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'content-length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
