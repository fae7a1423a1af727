import net from 'node:net';

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
