import { Writable } from 'node:stream';
import pino from 'pino';
import { testConfig } from '../../src/config.js';
import { loggerOptions } from '../../src/logger.js';

/**
 * The production logger settings (JSON, redaction, serializers) at `level`, writing into `lines`:
 * pass `loggerInstance` to buildApp with a config whose LOG_LEVEL is silent (testConfig's default).
 */
export function capturedLogger(level: 'trace' | 'debug' | 'info' = 'trace') {
  const lines: string[] = [];
  const options = loggerOptions(testConfig({ LOG_LEVEL: level, LOG_FORMAT: 'json' }));
  if (!options || typeof options !== 'object') throw new Error('expected logger options');
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const loggerInstance = pino(options as pino.LoggerOptions, stream);
  const records = () =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown> & { level: number; msg?: string });
  return { lines, loggerInstance, records };
}
