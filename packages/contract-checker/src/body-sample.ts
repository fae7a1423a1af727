import { PassThrough, type Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import type { BodySample } from './validator.js';

/** JSON bodies up to this size are checked; larger ones are streamed through unchecked. */
export const DEFAULT_BODY_CAP_BYTES = 1024 * 1024;

/**
 * Passes a body through untouched while keeping a copy of its first `capBytes` bytes for
 * validation. Past the cap the copy is dropped (never a second copy of a big body) and the sample
 * is `too-large`. `sample` settles when the stream ends or fails.
 */
export function teeBody(
  source: Readable,
  capBytes: number,
  contentEncoding?: string,
): { stream: Readable; sample: Promise<BodySample> } {
  const stream = new PassThrough();
  let kept: Buffer[] | undefined = [];
  let keptBytes = 0;
  const sample = new Promise<BodySample>((resolve) => {
    source.on('data', (chunk: Buffer) => {
      if (kept) {
        keptBytes += chunk.length;
        if (keptBytes > capBytes) kept = undefined;
        else kept.push(chunk);
      }
    });
    source.on('end', () => {
      if (!kept) return resolve({ kind: 'partial' });
      resolve(decodeSample(Buffer.concat(kept), contentEncoding, capBytes));
    });
    source.on('error', () => resolve({ kind: 'partial' }));
    source.on('close', () => {
      if (!source.readableEnded) resolve({ kind: 'partial' });
    });
  });
  // pipeline, not pipe: a client that goes away destroys the upstream body too, freeing its connection.
  pipeline(source, stream, () => {});
  return { stream, sample };
}

/**
 * Reads a request body of at most `capBytes` into memory. When the body is longer, returns a
 * stream that replays what was read followed by the rest, so nothing is lost and nothing big is
 * held.
 */
export async function readBodyUpTo(
  source: Readable,
  capBytes: number,
): Promise<{ sample: BodySample; replay: Readable }> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  for (;;) {
    const next = await iterator.next();
    if (next.done) {
      const body = Buffer.concat(chunks);
      return {
        sample: body.length === 0 ? { kind: 'absent' } : { kind: 'complete', bytes: body },
        replay: replayOf([body]),
      };
    }
    chunks.push(next.value);
    bytes += next.value.length;
    if (bytes > capBytes) {
      const rest = { [Symbol.asyncIterator]: () => iterator };
      return { sample: { kind: 'partial' }, replay: replayOf(chunks, rest) };
    }
  }
}

function replayOf(head: Buffer[], rest?: AsyncIterable<Buffer>): Readable {
  const stream = new PassThrough();
  void (async () => {
    try {
      for (const chunk of head) if (!stream.write(chunk)) await onceDrained(stream);
      if (rest) for await (const chunk of rest) if (!stream.write(chunk)) await onceDrained(stream);
      stream.end();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return stream;
}

function onceDrained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => stream.once('drain', resolve));
}

/** Undoes the upstream's Content-Encoding on the kept copy; the client still gets the original bytes. */
export function decodeSample(bytes: Buffer, contentEncoding: string | undefined, capBytes: number): BodySample {
  const encoding = contentEncoding?.trim().toLowerCase();
  if (!encoding || encoding === 'identity') return { kind: 'complete', bytes };
  // A decoded body may be far larger than the compressed one; the cap still bounds memory.
  const options = { maxOutputLength: capBytes * 8 };
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip')
      return { kind: 'complete', bytes: zlib.gunzipSync(bytes, options) };
    if (encoding === 'deflate') return { kind: 'complete', bytes: zlib.inflateSync(bytes, options) };
    if (encoding === 'br') return { kind: 'complete', bytes: zlib.brotliDecompressSync(bytes, options) };
  } catch {
    return { kind: 'partial' };
  }
  return { kind: 'partial' };
}
