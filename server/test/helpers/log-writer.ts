// Test aid (never part of the running server): a process that logs LINES request-sized lines through
// the gateway's stdout destination (logger.ts batchedDestination), in bursts as a busy worker does,
// each line tagged with WRITER and its number. workers-log.test.ts runs two at once into one pipe.
import pino from 'pino';
import { batchedDestination } from '../../src/logger.js';

const log = pino(batchedDestination(1));
const writer = process.env.WRITER ?? 'w';
const lines = Number(process.env.LINES ?? 10_000);
let next = 0;
const burst = () => {
  for (let i = 0; i < 200 && next < lines; i++) log.info({ writer, n: next++ }, 'x'.repeat(200));
  if (next < lines) setImmediate(burst);
};
burst();
