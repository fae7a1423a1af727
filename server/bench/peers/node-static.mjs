// Peer: what Node itself reaches serving the build: plain `http`, each file of ROOT read into memory at
// start and written with a few headers (type, length, cache-control, an ETag and its 304). No routing
// beyond a map lookup, no security headers, no log: the floor under any Node static server.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import process from 'node:process';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
const root = process.env.ROOT;
const files = new Map();
for (const name of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
  const file = path.join(root, name);
  if (!fs.statSync(file).isFile()) continue;
  const body = fs.readFileSync(file);
  const headers = {
    'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
    'content-length': body.length,
    'cache-control': name.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag: `"${body.length.toString(16)}-${fs.statSync(file).mtimeMs.toString(16)}"`,
  };
  files.set(`/${name.split(path.sep).join('/')}`, { body, headers });
}
files.set('/', files.get('/index.html'));

const server = http.createServer((req, res) => {
  const file = files.get(req.url.split('?', 1)[0]);
  if (!file) return res.writeHead(404).end();
  if (req.headers['if-none-match'] === file.headers.etag) return res.writeHead(304).end();
  res.writeHead(200, file.headers).end(file.body);
});
server.keepAliveTimeout = 65_000;
server.listen({ port: Number(process.env.PORT), host: '127.0.0.1', backlog: 4096 });
