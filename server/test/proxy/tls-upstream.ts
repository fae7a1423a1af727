import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { UpstreamServer } from './upstream-server.js';

/** A private CA and a server certificate it signed for 127.0.0.1, made with the openssl CLI. */
export interface PrivateCa {
  dir: string;
  /** The CA's certificate (what UPSTREAM_CA_FILE points at). */
  caFile: string;
  key: string;
  cert: string;
  remove: () => void;
}

export function makePrivateCa(): PrivateCa {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-tls-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Cloud Compile test CA',
  );
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  fs.writeFileSync(file('ext.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
  );
  return {
    dir,
    caFile: file('ca.pem'),
    key: fs.readFileSync(file('server.key'), 'utf8'),
    cert: fs.readFileSync(file('server.pem'), 'utf8'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A real https upstream on a loopback address (127.0.0.1 unless told) with the given certificate; answers every request with JSON. */
export async function startTlsUpstream(
  credentials: { key: string; cert: string },
  host = '127.0.0.1',
): Promise<UpstreamServer> {
  const seen: UpstreamServer['seen'] = [];
  const server = https.createServer(credentials, (request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ upstream: 'tls', url: request.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://${host}:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
