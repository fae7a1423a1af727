import { spawn } from 'node:child_process';
import net from 'node:net';

/**
 * Why copies of the listening socket: since libuv 1.45 (Node 20) a listening socket accepts ONE
 * connection per event-loop turn (libuv/libuv#3696). A busy gateway's turn serves every connection
 * that has a request waiting, so with 1,000 clients arriving at once a turn takes tens of ms and the
 * kernel's accept queue drains at ~25 connections/s: the last client waited 20–30 s for its first
 * answer while the early ones were served ~7 times a second (server/bench/load.ts saw it as a 30 s
 * tail). Each extra file descriptor for the same socket is polled on its own, so a turn accepts up to
 * one connection per descriptor. Node 20 cannot dup() a descriptor itself; passing the handle over an
 * IPC channel does (SCM_RIGHTS gives the receiver a new one), so a short-lived helper process gets
 * the handle once and sends it back `copies` times. Raw handles travel ("net.Native"): neither side
 * listens on or accepts from them in between, so no connection can land in the helper.
 */
// process.on, not once: with no 'message' listener Node unrefs the channel, and the helper would
// exit with its queued sends unsent (each handle waits for the previous one's acknowledgement).
const HELPER_SOURCE = `
process.on('message', ({ copies }, handle) => {
  for (let i = 0; i < copies; i++) process.send('copy', handle);
  process.send('done', () => process.disconnect());
});`;

/** The parts of a net.Server that Node keeps internal but that accepting for it needs. */
interface ServerInternals {
  _handle: object | null;
  /** Open connections: MAX_CONNECTIONS compares against it and close() waits for it to reach 0. */
  _connections: number;
  allowHalfOpen?: boolean;
  pauseOnConnect?: boolean;
  noDelay?: boolean;
  keepAlive?: boolean;
  keepAliveInitialDelay?: number;
  highWaterMark?: number;
}

/** A socket as Node's net.Server marks the one that accepted it (for the count above). */
interface AcceptedSocket extends net.Socket {
  server: net.Server;
  _server: net.Server | null;
}

export interface ListenCopies {
  /** Descriptors polled for new connections, the server's own included. */
  readonly descriptors: number;
  /** Stops accepting on every copy (the server's own listener is closed by server.close()). */
  close(): void;
}

export interface ListenCopiesOptions {
  /** Extra descriptors to add; 0 adds none. */
  copies: number;
  /** The listen backlog, re-applied: listen() on a copy sets it for the one socket they share. */
  backlog: number;
  /** The helper must be done by then; what arrived is used, the rest is given up. */
  timeoutMs?: number;
  /**
   * The server is closing: stop the helper and close every copy. Until the helper exits it holds one
   * too, and the kernel goes on completing connections for a socket any process still has open.
   */
  signal?: AbortSignal;
}

/**
 * Adds `copies` descriptors for `server`'s listening socket; every connection accepted on one is the
 * server's: counted against its maxConnections, waited for by its close(), and handed to its
 * 'connection' listeners (HTTP parsing, TLS) as if it had accepted it itself.
 */
export async function listenOnCopies(server: net.Server, options: ListenCopiesOptions): Promise<ListenCopies> {
  const { copies, backlog, timeoutMs = 5000, signal } = options;
  const main = server as net.Server & ServerInternals;
  const listeners: net.Server[] = [];
  const result: ListenCopies = {
    get descriptors() {
      return listeners.length + 1;
    },
    close() {
      for (const listener of listeners.splice(0)) listener.close();
    },
  };
  if (copies <= 0 || !main._handle) return result;

  const handles = await copiesOf(main._handle, copies, timeoutMs, signal);
  try {
    for (const handle of handles) {
      if (signal?.aborted) closeHandle(handle);
      else listeners.push(await listenOn(main, handle, backlog));
    }
  } catch (error) {
    result.close();
    throw error;
  }
  if (signal?.aborted) result.close();
  return result;
}

/** A net.Server on one copy, its connections adopted by `main`. */
async function listenOn(main: net.Server & ServerInternals, handle: object, backlog: number): Promise<net.Server> {
  const listener = net.createServer({
    allowHalfOpen: main.allowHalfOpen,
    pauseOnConnect: main.pauseOnConnect,
    noDelay: main.noDelay,
    keepAlive: main.keepAlive,
    keepAliveInitialDelay: main.keepAliveInitialDelay,
    highWaterMark: main.highWaterMark,
  });
  listener.on('connection', (socket) => adopt(main, listener as net.Server & ServerInternals, socket));
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(handle, backlog, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  listener.on('error', (error) => main.emit('error', error));
  return listener;
}

/** Moves a connection `copy` accepted over to `main`, as main's own onconnection would have taken it. */
function adopt(main: net.Server & ServerInternals, copy: net.Server & ServerInternals, socket: net.Socket) {
  const accepted = socket as AcceptedSocket;
  copy._connections--;
  main._connections++;
  accepted.server = main;
  accepted._server = main;
  if (main.maxConnections !== undefined && main._connections > main.maxConnections) {
    socket.destroy();
    return;
  }
  main.emit('connection', socket);
}

/** A raw handle (a descriptor) that never got a net.Server to close it. */
function closeHandle(handle: object) {
  (handle as { close?: () => void }).close?.();
}

/** Sends `handle` to a helper process and collects the `count` new descriptors it sends back. */
function copiesOf(handle: object, count: number, timeoutMs: number, signal?: AbortSignal): Promise<object[]> {
  return new Promise((resolve, reject) => {
    const received: object[] = [];
    // No inherited environment: NODE_OPTIONS (tsx, inspectors) has no business in the helper.
    const helper = spawn(process.execPath, ['-e', HELPER_SOURCE], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: {},
    });
    let errors = '';
    helper.stderr?.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk.slice(0, 2000)));
    let finished = false;
    const settle = (error?: Error) => {
      if (signal?.aborted) received.splice(0).forEach(closeHandle);
      if (error && received.length === 0) reject(error);
      else resolve(received);
    };
    const finish = (error?: Error, helperGone = false) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      // No disconnect() from this side: one while a handle still awaits its acknowledgement is put off,
      // and the acknowledgement then arriving tripped an assertion inside Node (the process died at
      // shutdown, 2 gateways in 20). The helper disconnects itself when done; killed, its channel closes.
      // Settled once the helper is gone: until then its copy keeps the socket listening.
      if (helperGone || helper.exitCode !== null || helper.signalCode !== null) return settle(error);
      helper.once('exit', () => settle(error));
      helper.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => finish(new Error(`the helper sent ${received.length} of ${count} in ${timeoutMs} ms`)),
      timeoutMs,
    );
    helper.on('message', (message, copy) => {
      // One still in flight when it was over: nobody will poll it, and open it would keep the socket listening.
      if (finished && copy) return closeHandle(copy);
      if (message === 'copy' && copy) received.push(copy as object);
      if (message === 'done') finish();
    });
    helper.on('error', (error) => finish(error, true));
    const abort = () => finish(new Error('the server closed before its copies were made'));
    signal?.addEventListener('abort', abort);
    if (signal?.aborted) return abort();
    // The channel closes once everything sent has been read: without 'done' first, the helper failed.
    helper.once('disconnect', () =>
      finish(new Error(`the helper stopped after ${received.length} of ${count}: ${errors.trim()}`)),
    );
    // 'net.Native': the raw TCP handle, not a net.Server (one would start listening in the helper).
    helper.send({ copies: count }, handle as net.Server);
  });
}
