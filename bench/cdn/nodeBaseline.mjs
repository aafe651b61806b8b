// The ceiling of Node's own http module on this machine: answering every request with the same bytes from
// memory, no routing, no headers beyond Content-Length, in BENCH_CDN_WORKERS processes (Node's cluster, one
// port) like the CDN under test. Prints {"url": ...} when every worker listens.
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

const workers = Math.max(1, Number(process.env.BENCH_CDN_WORKERS ?? 1));
// Workers accept on the shared socket themselves, as the CDN's do (cdnServer.ts).
cluster.schedulingPolicy = cluster.SCHED_NONE;

function serve(port, listening) {
  const body = fs.readFileSync(process.argv[2]);
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
  server.listen(port, '127.0.0.1', () => listening(`http://127.0.0.1:${server.address().port}`));
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

if (workers === 1) {
  serve(0, (url) => process.stdout.write(`${JSON.stringify({ url })}\n`));
} else if (cluster.isPrimary) {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => {
      let listening = 0;
      for (let i = 0; i < workers; i++) {
        cluster.fork({ BENCH_BASELINE_PORT: String(port) }).on('message', (url) => {
          if (++listening === workers) process.stdout.write(`${JSON.stringify({ url })}\n`);
        });
      }
    });
  });
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.disconnect(() => process.exit(0));
  });
} else {
  serve(Number(process.env.BENCH_BASELINE_PORT), (url) => process.send(url));
}
