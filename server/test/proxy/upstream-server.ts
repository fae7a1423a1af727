import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What an upstream saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** A real HTTP server on 127.0.0.1 that plays an upstream (the compile API or FusionAuth). */
export interface UpstreamServer {
  url: string;
  port: number;
  seen: SeenRequest[];
  close: () => Promise<void>;
}

export async function startUpstream(handler: http.RequestListener): Promise<UpstreamServer> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        // Stalled test responses would otherwise keep close() waiting forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (bound once, then released). */
export async function closedPort(): Promise<number> {
  const upstream = await startUpstream(() => undefined);
  await upstream.close();
  return upstream.port;
}

/** A promise with its resolve function, for "the upstream waits until the client has seen X". */
export function signal<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

export function readBody(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** One request to the gateway over a fresh connection; resolves once the response headers arrive. */
export function requestGateway(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string | Buffer } = {},
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, {
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: false,
    });
    request.on('response', resolve).on('error', reject);
    request.end(options.body);
  });
}
