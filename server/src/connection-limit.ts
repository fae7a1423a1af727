import type { Server, Socket } from 'node:net';
import { clientKey } from './client-address.js';

/**
 * Caps the open connections of one client address (an IPv6 /64 counts as one, see client-address.ts).
 * MAX_CONNECTIONS alone let one machine hold every connection slot with idle or half-sent requests,
 * so nobody else got in; now a connection over its address's share is closed at once, before a
 * byte is read. Every descriptor's connections pass through the server's 'connection' event
 * (listen-copies.ts), so they are all counted. Per process: each cluster worker counts its own.
 */
export function limitConnectionsPerAddress(server: Server, maxPerAddress: number): void {
  if (maxPerAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = clientKey(socket.remoteAddress ?? '');
    const count = (open.get(key) ?? 0) + 1;
    if (count > maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
