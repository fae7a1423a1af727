// Peer: the smallest proxy worth the name, plain Node `http` + an undici Pool (streams both ways).
// WORKERS=2: two of it behind one port in a Node cluster, as the gateway's WORKERS runs (the primary
// hands each new connection to the next worker): what two processes of Node itself reach here.
import cluster from 'node:cluster';
import http from 'node:http';
import process from 'node:process';
import { Pool } from 'undici';

const workers = Number(process.env.WORKERS ?? 1);
if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  const pool = new Pool(process.env.UPSTREAM, { connections: 128, pipelining: 1 });
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers };
    delete headers.connection;
    delete headers.host;
    pool.request(
      { method: req.method, path: req.url, headers, body: req.method === 'GET' ? undefined : req },
      (err, up) => {
        if (err) return res.writeHead(502).end();
        const answer = { ...up.headers };
        for (const hop of ['connection', 'keep-alive', 'transfer-encoding']) delete answer[hop];
        res.writeHead(up.statusCode, answer);
        up.body.pipe(res);
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  server.listen({ port: Number(process.env.PORT), host: '127.0.0.1', backlog: 4096 });
}
