import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CliError, EXIT } from '../errors.js';

/**
 * Where an artifact is saved: `dir/name`. A name that is not a plain file name (a path, `..`, a
 * control character) is refused, so a server cannot make the command write outside `dir`.
 */
export function artifactPath(dir: string, name: string): string {
  if (
    !name ||
    name === '.' ||
    name === '..' ||
    /[/\\]/.test(name) ||
    /\p{Cc}/u.test(name) ||
    path.basename(name) !== name
  ) {
    throw new CliError(
      `refusing to save an artifact named ${JSON.stringify(name)}: not a plain file name`,
      EXIT.failed,
    );
  }
  return path.join(dir, name);
}

/**
 * Streams `body` to `target` through a temporary file beside it, and renames it into place only
 * when exactly `expectedSize` bytes arrived: a cut or oversized download never leaves a file under
 * the artifact's name (and nothing partial is ever resumed). Returns the bytes written.
 */
export function saveArtifact(body: Readable, target: string, expectedSize: number): Promise<number> {
  return saveStream(body, target, expectedSize, true);
}

/**
 * As `saveArtifact`, for a file whose size is not listed (a simulation's VCD): any size up to
 * `maxBytes` is kept; a larger one, or a cut download, leaves nothing under the name.
 */
export function saveBounded(body: Readable, target: string, maxBytes: number): Promise<number> {
  return saveStream(body, target, maxBytes, false);
}

async function saveStream(body: Readable, target: string, limit: number, exact: boolean): Promise<number> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`);
  let received = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > limit)
        done(
          new CliError(
            exact
              ? `${path.basename(target)}: more than the ${limit} bytes the build lists`
              : `${path.basename(target)}: more than ${limit} bytes; nothing saved`,
            EXIT.failed,
          ),
        );
      else done(null, chunk);
    },
  });
  try {
    await pipeline(body, count, createWriteStream(temporary, { flags: 'wx' }));
    if (exact && received !== limit) {
      throw new CliError(
        `${path.basename(target)}: received ${received} of ${limit} bytes; nothing saved`,
        EXIT.failed,
      );
    }
    await rename(temporary, target);
    return received;
  } catch (error) {
    await rm(temporary, { force: true });
    if (error instanceof CliError) throw error;
    throw new CliError(
      `${path.basename(target)}: download failed (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing saved`,
      EXIT.network,
    );
  }
}
