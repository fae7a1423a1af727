import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * A deliberately non-conforming compile API on 127.0.0.1: a few routes break the contract in one
 * known way each, the others conform (controls). `PLANTED` lists every violation it plants, for
 * tests that must find all of them and nothing else.
 */
export interface NonConformingUpstream {
  url: string;
  /** Requests received, "METHOD /path?query", in order. */
  received: string[];
  close: () => Promise<void>;
}

const NOW = '2025-10-16T01:09:15Z';
const CONFIG = { hardware: 'mokugo', slots: 2, os_version: '4.1.1', target: 'CustomInstrument', interpolation: false };
export const GOOD_PROJECT = { id: 'good', name: 'Adder', created_at: NOW, updated_at: NOW, config: CONFIG };

/** Every violation the upstream plants: operation, direction, status, location. */
export const PLANTED = {
  /** GET /api/projects: an id that is a number (wrong type) and no updated_at (missing required field). */
  wrongType: { operation: 'listProjects', direction: 'response', status: 200, location: 'response.body[0].id' },
  missingField: {
    operation: 'listProjects',
    direction: 'response',
    status: 200,
    location: 'response.body[0].updated_at',
  },
  /** GET /api/build-configs: HTML instead of JSON (wrong content type). */
  wrongContentType: {
    operation: 'buildConfigs',
    direction: 'response',
    status: 200,
    location: 'response.header.content-type',
  },
  /** GET /api/examples: 418, which the document does not list (undocumented status). */
  undocumentedStatus: { operation: 'listExamples', direction: 'response', status: 418, location: 'response.status' },
  /** GET /api/projects/gzbad: gzip-encoded, and the project has no config (found through the encoding). */
  missingFieldGzip: { operation: 'getProject', direction: 'response', status: 200, location: 'response.body.config' },
} as const;

/** Bytes of the artifact /api/builds/<id>/artifacts/<n>mb.bin: n MiB, a known pattern. */
export function artifactByte(index: number): number {
  return (index * 31 + 7) & 0xff;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A log of about `bytes` bytes: valid BuildLog JSON, larger than the validator's cap. */
export function bigLog(bytes: number): string {
  const line = 'synthesis: '.padEnd(99, 'x');
  const lines = Array.from({ length: Math.ceil(bytes / 102) }, () => line);
  return JSON.stringify({ lines, offset: 0, next_offset: lines.length, total: lines.length, complete: true });
}

export async function startNonConformingUpstream(): Promise<NonConformingUpstream> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    // Drain any request body; the routes below do not need it.
    req.resume();
    req.on('end', () => route(req, res));
  });

  const route = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://upstream.invalid');
    const key = `${req.method} ${url.pathname}`;
    const artifact = /^\/api\/builds\/[^/]+\/artifacts\/(\d+)mb\.bin$/.exec(url.pathname);
    if (req.method === 'GET' && artifact) return streamArtifact(res, Number(artifact[1]) * 1024 * 1024);
    switch (key) {
      case 'GET /api/projects':
        return sendJson(res, 200, [{ id: 42, name: 'Adder', created_at: NOW, latest_build: null }]);
      case 'GET /api/build-configs':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<html><body>Build configurations</body></html>');
      case 'GET /api/examples':
        return sendJson(res, 418, { detail: "I'm a teapot" });
      case 'GET /api/projects/good':
        return sendJson(res, 200, GOOD_PROJECT);
      case 'GET /api/projects/good/builds/latest':
        return sendJson(res, 200, {});
      case 'GET /api/projects/gzgood':
      case 'GET /api/projects/gzbad': {
        const project = key.endsWith('gzgood') ? GOOD_PROJECT : { ...GOOD_PROJECT, config: undefined };
        const body = zlib.gzipSync(JSON.stringify(project));
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'content-length': body.length,
        });
        return res.end(body);
      }
      case 'GET /api/builds/big/log': {
        const body = bigLog(2 * 1024 * 1024);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        return res.end(body);
      }
      case 'POST /api/projects':
        return sendJson(res, 201, { ...GOOD_PROJECT, id: 'created' });
      case 'DELETE /api/projects/good':
        res.writeHead(204);
        return res.end();
      default:
        return sendJson(res, 404, { detail: 'Not Found' });
    }
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `total` bytes in 64 KiB chunks, honouring backpressure: the upstream itself holds little. */
function streamArtifact(res: http.ServerResponse, total: number): void {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': total });
  const chunkSize = 64 * 1024;
  // The pattern repeats every 256 bytes, so every 64 KiB chunk is the same buffer.
  const pattern = Buffer.alloc(chunkSize);
  for (let i = 0; i < pattern.length; i++) pattern[i] = artifactByte(i);
  let sent = 0;
  const writeMore = () => {
    while (sent < total) {
      const size = Math.min(chunkSize, total - sent);
      const chunk = pattern.subarray(0, size);
      sent += size;
      if (!res.write(chunk)) return void res.once('drain', writeMore);
    }
    res.end();
  };
  writeMore();
}
