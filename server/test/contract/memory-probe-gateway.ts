import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

/**
 * The gateway as its own process (forked with --expose-gc by streaming-memory.test.ts), built
 * from the environment exactly as server.ts builds it. On "measure" it collects garbage and
 * reports what is still alive, so the test sees memory the gateway holds, not garbage it has not
 * collected yet.
 */
const app = await buildApp(loadConfig());
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
process.send!({ port });

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
process.on('message', (message) => {
  if (message === 'measure') {
    // Twice, a turn apart: V8 frees dead buffers' memory on a background task after a collection,
    // and on a loaded machine a read right after one GC still counted buffers already let go.
    gc();
    setImmediate(() => {
      gc();
      const usage = process.memoryUsage();
      process.send!({ live: usage.heapUsed + usage.arrayBuffers, rss: usage.rss });
    });
  } else if (message === 'close') {
    void app.close().then(() => process.exit(0));
  }
});
