import net from 'node:net';

/** A port of 127.0.0.1 free a moment ago (another process may take it before the caller listens). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A TCP connection to 127.0.0.1:`port`, resolved once connected. */
export function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Connects back to back until the port turns a connection away; resolves with that connect error.
 * Throws if it still accepts after `withinMs` (a listener that was meant to close did not).
 */
export async function refusedConnection(port: number, withinMs: number): Promise<NodeJS.ErrnoException> {
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    try {
      (await connect(port)).destroy();
    } catch (error) {
      return error as NodeJS.ErrnoException;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`port ${port} still accepted connections after ${withinMs} ms`);
}

/** A raw client connection whose answer is collected as text. */
export interface WatchedConnection {
  socket: net.Socket;
  /** Everything the server has sent so far. */
  received(): string;
  /** Resolves with the milliseconds from connecting until the server closed the connection. */
  closed: Promise<number>;
}

/** Connects to 127.0.0.1:`port` and collects what the server sends, for tests of the HTTP server's own limits. */
export async function watchedConnection(port: number): Promise<WatchedConnection> {
  const socket = await connect(port);
  const started = performance.now();
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - started)));
  return { socket, received: () => received, closed };
}
